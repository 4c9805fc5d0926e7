import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AuthProvider } from '../features/auth';
import { setUnauthorizedHandler } from '../lib/api-client';
import { ErrorBoundary } from './error-boundary';

/** Providers that need the router (navigation after sign-out or an expired session). */
export function Root() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // `navigate` changes with every address; the sign-out action must not (the auth provider checks
  // the profile again whenever it changes).
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  const toLogin = useCallback(() => void latest.current('/login', { replace: true }), []);
  useEffect(() => setUnauthorizedHandler(toLogin), [toLogin]);
  return (
    <AuthProvider onSignedOut={toLogin}>
      <ErrorBoundary resetKey={pathname}>
        <Outlet />
      </ErrorBoundary>
    </AuthProvider>
  );
}
