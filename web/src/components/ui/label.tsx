import { cn } from '@web/lib/cn';
import { Label as LabelPrimitive } from 'radix-ui';
import type * as React from 'react';

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn('text-sm font-medium leading-none select-none peer-disabled:opacity-50', className)}
      {...props}
    />
  );
}

/** The message under a form field. */
export function FieldError({ id, children }: { id?: string; children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="text-sm text-destructive" role="alert">
      {children}
    </p>
  );
}

/**
 * The wiring of a form's fields to their errors: `field(name)` gives an input its id and, when the
 * field has an error, `aria-invalid` and `aria-describedby` naming the line that `error(name)` renders.
 */
export function fieldWiring<N extends string>(
  ids: string,
  errors: Partial<Record<N, { message?: string } | undefined>>,
) {
  return {
    field: (name: N) => ({
      id: `${ids}-${name}`,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? `${ids}-${name}-error` : undefined,
    }),
    error: (name: N) => <FieldError id={`${ids}-${name}-error`}>{errors[name]?.message}</FieldError>,
  };
}
