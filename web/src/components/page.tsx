import { COMMON_TEXTS } from '@contract/common';
import { cn } from '@web/lib/cn';
import { Construction } from 'lucide-react';
import type * as React from 'react';

/** The content column of a page. */
export function PageContainer({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      className={cn('mx-auto w-full max-w-5xl space-y-6 px-4 py-6 md:px-8 md:py-8', className)}
      {...props}
    />
  );
}

export function PageTitle({
  title,
  description,
  actions,
  as: Heading = 'h1',
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  as?: 'h1' | 'h2';
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="space-y-1">
        <Heading className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</Heading>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}

/** A placeholder for a part of the site that later work fills in. */
export function ComingSoon({ children }: { children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
      <Construction className="size-8 text-primary" aria-hidden="true" />
      <p>{children ?? `${COMMON_TEXTS.comingSoon}.`}</p>
    </div>
  );
}
