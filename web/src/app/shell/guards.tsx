import { PageSpinner } from '@web/components/ui/spinner';
import { useUser } from '@web/lib/auth';
import { authPath, safeNext } from '@web/lib/safe-next';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';

/**
 * Protected routes: a spinner while the user loads, then /auth for a visitor with no user, with
 * the page asked for as `next` (issue 20: signing in comes back to it).
 */
export function RequireAuth() {
  const { user, isLoading } = useUser();
  const { pathname, search } = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) return <Navigate to={authPath(`${pathname}${search}`)} replace />;
  return <Outlet />;
}

/** /auth: a signed-in visitor (one who has just signed in too) goes to `next` when it is a path of this site, else /. */
export function GuestOnly() {
  const { user, isLoading } = useUser();
  const [params] = useSearchParams();
  if (isLoading) return <PageSpinner />;
  if (user) return <Navigate to={safeNext(params.get('next'))} replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
