import type { MediaMap } from '@contract/common';
import { cn } from '@web/lib/cn';
import { displaySrc, mediaEntryOf, placeholderUrl } from '@web/lib/media';
import { ImageOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';

/**
 * An image address from an answer, shown as a browser may load it (lib/media.ts): our own path,
 * or an outside address through the signed image proxy. An own image the server measured comes
 * with its `srcset` (pass `sizes`), its `width` and `height` (the box keeps its shape before the
 * bytes arrive) and a thumbhash placeholder painted behind it until it has loaded (decision 012).
 * With no loadable address, or when loading fails, the same box shows a neutral placeholder.
 */
export function RemoteImage({
  address,
  media,
  className,
  alt,
  style,
  onLoad,
  ...props
}: { address: string | null | undefined; media?: MediaMap | null } & Omit<ComponentProps<'img'>, 'src'>) {
  const src = displaySrc(address, media);
  const entry = mediaEntryOf(address, media);
  const [failed, setFailed] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
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
  const placeholder = loaded === src ? undefined : placeholderUrl(entry?.placeholder);
  return (
    <img
      src={src}
      srcSet={entry?.srcset}
      width={entry?.width}
      height={entry?.height}
      alt={alt}
      className={className}
      style={
        placeholder
          ? {
              backgroundImage: `url("${placeholder}")`,
              backgroundSize: 'cover',
              backgroundPosition: 'center',
              ...style,
            }
          : style
      }
      data-placeholder={placeholder ? '' : undefined}
      onLoad={(event) => {
        setLoaded(src);
        onLoad?.(event);
      }}
      onError={() => setFailed(src)}
      {...props}
    />
  );
}
