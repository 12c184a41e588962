import type { MediaMap } from '@contract/common';
import { ImagePlaceholder } from '@web/components/image-placeholder';
import { RemoteImage } from '@web/components/ui/remote-image';
import { cn } from '@web/lib/cn';

/** A team's logo, or a shield on the team's colour when it has none or it fails to load. */
export function TeamLogo({
  logo,
  media,
  color,
  className,
}: {
  logo: string | null;
  media?: MediaMap;
  color?: string;
  className?: string;
}) {
  if (logo)
    return (
      <RemoteImage
        address={logo}
        media={media}
        alt=""
        fallback="team-logo"
        className={cn('object-cover', className)}
      />
    );
  return (
    <ImagePlaceholder
      kind="team-logo"
      className={className}
      style={color && color !== '#000000' ? { backgroundColor: `${color}55` } : undefined}
    />
  );
}
