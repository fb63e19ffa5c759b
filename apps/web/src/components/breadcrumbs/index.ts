export {
  CrumbLabelsProvider,
  useCrumbLabel,
  useCrumbLabels,
  UNRESOLVED_CRUMB,
} from './crumb-labels.tsx';
