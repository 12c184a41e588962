import type { EventType } from '@contract/events';
import { cn } from '@web/lib/cn';
import {
  Backpack,
  Crosshair,
  Flag,
  GraduationCap,
  ImageIcon,
  type LucideIcon,
  Newspaper,
  Shield,
  Swords,
  Target,
} from 'lucide-react';
import type { CSSProperties } from 'react';

/** What a missing image stands for: an event of each type, or a kind of item. */
export type PlaceholderKind =
  | EventType
  | 'news'
  | 'tutorial'
  | 'team-logo'
  | 'team-banner'
  | 'gear'
  | 'image';

interface KindLook {
  icon: LucideIcon;
  /** What the drawing shows, for the tests and for a screen reader when no alt is given. */
  name: string;
  /** The tinted gradient and the icon's colour, legible in both themes. */
  tint: string;
}

/** The look of each kind; an event type added to contract/events.ts must get one here (typed). */
const LOOKS: Record<PlaceholderKind, KindLook> = {
  Milsim: {
    icon: Swords,
    name: 'Milsim event',
    tint: 'from-red-500/25 via-red-500/10 to-muted text-red-700 dark:text-red-300',
  },
  Local: {
    icon: Crosshair,
    name: 'Local event',
    tint: 'from-emerald-500/25 via-emerald-500/10 to-muted text-emerald-700 dark:text-emerald-300',
  },
  Training: {
    icon: Target,
    name: 'Training event',
    tint: 'from-sky-500/25 via-sky-500/10 to-muted text-sky-700 dark:text-sky-300',
  },
  news: {
    icon: Newspaper,
    name: 'News article',
    tint: 'from-amber-500/25 via-amber-500/10 to-muted text-amber-700 dark:text-amber-300',
  },
  tutorial: {
    icon: GraduationCap,
    name: 'Tutorial',
    tint: 'from-violet-500/25 via-violet-500/10 to-muted text-violet-700 dark:text-violet-300',
  },
  'team-logo': {
    icon: Shield,
    name: 'Team logo',
    tint: 'from-olive/40 to-olive/15 text-primary',
  },
  'team-banner': {
    icon: Flag,
    name: 'Team banner',
    tint: 'from-hero-from to-hero-to text-white/70',
  },
  gear: {
    icon: Backpack,
    name: 'Gear',
    tint: 'from-stone-500/25 via-stone-500/10 to-muted text-stone-700 dark:text-stone-300',
  },
  image: {
    icon: ImageIcon,
    name: 'Image unavailable',
    tint: 'from-muted to-muted text-muted-foreground',
  },
};

/** The name of a kind's drawing ('Milsim event', 'Team logo', ...). */
export const placeholderName = (kind: PlaceholderKind) => LOOKS[kind].name;

/**
 * The drawing shown where an image is missing or failed to load: the kind's icon on a tinted
 * gradient, in the box the image would have had (pass the image's classes: its size or aspect
 * ratio and rounding). Decorative when `alt` is empty (the card says what it is), except the
 * generic 'image' kind, which says 'Image unavailable' as the image box always did; with an `alt`,
 * that is its name. Never an <img>, so never a broken-image icon.
 */
export function ImagePlaceholder({
  kind = 'image',
  alt,
  className,
  style,
  ...data
}: {
  kind?: PlaceholderKind;
  alt?: string;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}) {
  const look = LOOKS[kind];
  const Icon = look.icon;
  const label = alt || (kind === 'image' ? look.name : undefined);
  return (
    <span
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-placeholder-kind={kind}
      className={cn(
        'flex items-center justify-center overflow-hidden bg-muted bg-gradient-to-br',
        look.tint,
        className,
      )}
      style={style}
      {...data}
    >
      <Icon
        className="size-[min(40%,4rem)] min-h-4 min-w-4 opacity-80"
        strokeWidth={1.5}
        aria-hidden="true"
      />
    </span>
  );
}
