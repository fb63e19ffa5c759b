export { FullPageLoader, ContentLoader } from './full-page-loader.tsx';
