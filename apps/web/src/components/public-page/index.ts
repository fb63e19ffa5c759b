export { PublicPage } from './public-page.tsx';
