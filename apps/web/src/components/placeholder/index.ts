export { PlaceholderPage } from './placeholder-page.tsx';
