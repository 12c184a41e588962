import type { MediaMap } from '@contract/common';
import { AVATAR_MIN_WIDTH } from '@contract/profiles';
import { cn } from '@web/lib/cn';
import { initials } from '@web/lib/initials';
import { sizedSrc } from '@web/lib/media';
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
  // An opaque tint (12 % orange on the card colour): the initials keep 4.5:1 whatever the avatar
  // sits on (a hovered or open button's background showed through a translucent one).
  return (
    <AvatarPrimitive.Fallback
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-[color-mix(in_oklab,var(--primary)_12%,var(--card))] font-semibold text-primary',
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
  media,
  className,
  fallbackClassName,
}: {
  username: string;
  src?: string | null;
  /**
   * The answer's media map: an outside avatar shows through the image proxy, an own one as its
   * smallest copy at least 256 px wide (an avatar is at most 128 CSS px; lib/media.ts).
   */
  media?: MediaMap | null;
  className?: string;
  fallbackClassName?: string;
}) {
  const shown = sizedSrc(src, media, AVATAR_MIN_WIDTH);
  return (
    <Avatar className={className}>
      {shown ? <AvatarImage src={shown} alt={username} /> : null}
      <AvatarFallback className={fallbackClassName}>{initials(username)}</AvatarFallback>
    </Avatar>
  );
}
