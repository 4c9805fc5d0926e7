import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from './components/ui/toast';
import { createQueryClient } from './lib/query-client';
import { AppRoutes, preparePage } from './app/router';
import { startEarlyRequests } from './lib/early-requests';
import { setUnauthorizedHandler } from './lib/api-client';
import './index.css';

// A signed-in cold load asks for the first screen's data beside the page's code (issue 28 C).
startEarlyRequests(window.location);

const queryClient = createQueryClient();

// A refused token while the first data is asked for (below) signs out within the app, as Root does
// once rendered, rather than by reloading the page: the app then starts at /login.
setUnauthorizedHandler(() => window.history.replaceState(null, '', '/login'));

// The current page's code (it is on its way beside this file) and first data, then the first render.
void preparePage(window.location, queryClient).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
