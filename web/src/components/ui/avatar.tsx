import { cn } from '@web/lib/cn';
import { initials } from '@web/lib/initials';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import type * as React from 'react';

export function Avatar({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full', className)}
      {...props}
    />
  );
}

export function AvatarImage({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image className={cn('aspect-square size-full object-cover', className)} {...props} />
  );
}

export function AvatarFallback({
  className,
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-primary/15 font-semibold text-primary',
        className,
      )}
      {...props}
    />
  );
}

/** A user's avatar: the image when there is one, else the initials (first two letters, uppercased). */
export function UserAvatar({
  username,
  src,
  className,
  fallbackClassName,
}: {
  username: string;
  src?: string | null;
  className?: string;
  fallbackClassName?: string;
}) {
  return (
    <Avatar className={className}>
      {src ? <AvatarImage src={src} alt={username} /> : null}
      <AvatarFallback className={fallbackClassName}>{initials(username)}</AvatarFallback>
    </Avatar>
  );
}
