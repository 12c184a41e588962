import { cn } from '@web/lib/cn';

const PALETTE = [
  'bg-red-700',
  'bg-orange-700',
  'bg-amber-700',
  'bg-lime-700',
  'bg-emerald-700',
  'bg-teal-700',
  'bg-sky-700',
  'bg-indigo-700',
  'bg-violet-700',
  'bg-fuchsia-700',
] as const;

/** 'Airsoft Academy' → 'AA', 'FieldNotes' → 'FI': the first letters of the first two words. */
export function channelInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [...words[0]].slice(0, 2) : [[...words[0]][0], [...words[1]][0]];
  return letters.join('').toUpperCase();
}

/** The same colour for the same name, every time. */
function colourOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

/**
 * A channel's avatar, drawn here from its name's initials: no outside avatar service ever learns
 * who reads which tutorial.
 */
export function ChannelAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="channel-avatar"
      className={cn(
        'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-[0.65rem] font-bold text-white',
        colourOf(name),
        className,
      )}
    >
      {channelInitials(name)}
    </span>
  );
}
