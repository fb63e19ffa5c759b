export { Logo, LogoMark } from './logo.tsx';
