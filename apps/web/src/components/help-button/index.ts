export { HelpButton, openHelpArticle } from './help-button.tsx';
