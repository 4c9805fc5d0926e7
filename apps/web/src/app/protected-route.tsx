import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../features/auth';
import { FullPageSpinner } from '../components/ui/spinner';

/** Spinner while the auth state loads; the login screen when nobody is signed in. */
export function ProtectedRoute() {
  const { user, loading } = useAuth();
  if (loading) return <FullPageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}
