import type { MediaMap } from '@contract/common';
import { cn } from '@web/lib/cn';
import { displaySrc } from '@web/lib/media';
import { ImageOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';

/**
 * An image address from an answer, shown as a browser may load it (lib/media.ts): our own path,
 * or an outside address through the signed image proxy. With no loadable address, or when loading
 * fails, the same box shows a neutral placeholder instead.
 */
export function RemoteImage({
  address,
  media,
  className,
  alt,
  ...props
}: { address: string | null | undefined; media?: MediaMap | null } & Omit<ComponentProps<'img'>, 'src'>) {
  const src = displaySrc(address, media);
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return (
      <span
        role="img"
        aria-label={alt || 'Image unavailable'}
        className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)}
      >
        <ImageOff className="size-5" aria-hidden="true" />
      </span>
    );
  return <img src={src} alt={alt} className={className} onError={() => setFailed(src)} {...props} />;
}
