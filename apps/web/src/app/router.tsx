import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

/** The data router of the app. */
export const router = createBrowserRouter(routes);
