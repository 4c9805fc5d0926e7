import { useCallback, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { AuthProvider } from '../features/auth';
import { setUnauthorizedHandler } from '../lib/api-client';

/** Providers that need the router (navigation after sign-out or an expired session). */
export function Root() {
  const navigate = useNavigate();
  const toLogin = useCallback(() => navigate('/login', { replace: true }), [navigate]);
  useEffect(() => setUnauthorizedHandler(toLogin), [toLogin]);
  return (
    <AuthProvider onSignedOut={toLogin}>
      <Outlet />
    </AuthProvider>
  );
}
