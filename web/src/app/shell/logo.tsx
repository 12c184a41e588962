import { PRODUCT_NAME } from '@contract/common';
import { cn } from '@web/lib/cn';
import { Crosshair } from 'lucide-react';
import { Link } from 'react-router';

export function Logo({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <Link
      to="/"
      aria-label={PRODUCT_NAME}
      className={cn(
        'flex items-center gap-2 rounded-md font-bold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Crosshair className="size-5" aria-hidden="true" />
      </span>
      {showName ? <span className="hidden text-lg sm:inline">{PRODUCT_NAME}</span> : null}
    </Link>
  );
}
