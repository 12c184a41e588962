import type { MediaMap } from '@contract/common';
import { ImagePlaceholder, type PlaceholderKind } from '@web/components/image-placeholder';
import { displaySrc, mediaEntryOf, placeholderUrl } from '@web/lib/media';
import { type ComponentProps, useState } from 'react';

/**
 * An image address from an answer, shown as a browser may load it (lib/media.ts): our own path,
 * or an outside address through the signed image proxy. An own image the server measured comes
 * with its `srcset` (pass `sizes`), its `width` and `height` (the box keeps its shape before the
 * bytes arrive) and a thumbhash placeholder painted behind it until it has loaded (decision 012).
 * With no loadable address, or when loading fails (also before the app started: a server-rendered
 * image that failed is found broken when React takes it over), the same box shows the drawing of
 * `fallback`, the kind of thing pictured (image-placeholder.tsx), never a broken-image icon.
 */
export function RemoteImage({
  address,
  media,
  className,
  alt,
  style,
  onLoad,
  fallback = 'image',
  ref,
  ...props
}: {
  address: string | null | undefined;
  media?: MediaMap | null;
  /** What the box draws when there is no image to show. */
  fallback?: PlaceholderKind;
} & Omit<ComponentProps<'img'>, 'src'>) {
  const src = displaySrc(address, media);
  const entry = mediaEntryOf(address, media);
  const [failed, setFailed] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<string | null>(null);
  if (!src || failed === src)
    return <ImagePlaceholder kind={fallback} alt={alt} className={className} style={style} />;
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
      ref={(el) => {
        // An image that failed before React attached onError (server-rendered markup) is complete
        // with no pixels; decode() confirms it is broken (it waits for one still loading, and a
        // rejection for an address since replaced names a src no longer shown).
        if (el?.complete && el.naturalWidth === 0 && el.getAttribute('src'))
          el.decode?.().catch(() => setFailed(src));
        if (typeof ref === 'function') return ref(el);
        if (ref) ref.current = el;
      }}
    />
  );
}
