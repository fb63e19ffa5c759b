export { PageHeader, useDocumentTitle, APP_TITLE } from './page-header.tsx';
