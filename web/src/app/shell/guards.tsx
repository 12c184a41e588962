import { PageSpinner } from '@web/components/ui/spinner';
import { useUser } from '@web/lib/auth';
import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';

/** Protected routes: a spinner while the user loads, then /auth for a visitor with no user. */
export function RequireAuth() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** /auth: a signed-in visitor is sent to /. */
export function GuestOnly() {
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
