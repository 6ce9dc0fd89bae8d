import { createBrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { routes } from './routes';
import { leaveExpiredSession } from './session-expiry';

export const router = createBrowserRouter(routes);

export const queryClient = createQueryClient({ onUnauthorized: () => void leaveExpiredSession(router, queryClient) });
