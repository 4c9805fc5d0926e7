import './lib/zod-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from './components/ui/toast';
import { createQueryClient } from './lib/query-client';
import { router } from './app/router';
import { startEarlyRequests } from './lib/early-requests';
import './index.css';

// A signed-in cold load asks for the first screen's data beside the page's code (issue 28 C).
startEarlyRequests(window.location);

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
