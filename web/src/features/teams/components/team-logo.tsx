import type { MediaMap } from '@contract/common';
import { RemoteImage } from '@web/components/ui/remote-image';
import { cn } from '@web/lib/cn';
import { Shield } from 'lucide-react';

/** A team's logo, or a shield on the team's colour when it has none. */
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
    return <RemoteImage address={logo} media={media} alt="" className={cn('object-cover', className)} />;
  return (
    <span
      className={cn('flex items-center justify-center bg-olive/30 text-primary', className)}
      style={color && color !== '#000000' ? { backgroundColor: `${color}55` } : undefined}
    >
      <Shield className="size-1/2" aria-hidden="true" />
    </span>
  );
}
