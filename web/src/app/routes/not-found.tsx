import { COMMON_TEXTS } from '@contract/common';
import { Button } from '@web/components/ui/button';
import { Link } from 'react-router';

/** Any other path. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-7xl font-extrabold tracking-tight text-primary">404</p>
      <h1 className="text-2xl font-bold">{COMMON_TEXTS.pageNotFound}</h1>
      <p className="max-w-md text-muted-foreground">This page went off the map. Regroup at base.</p>
      <Button asChild>
        <Link to="/">Go home</Link>
      </Button>
    </div>
  );
}
