import { SERIES_TEXTS } from '@contract/series';
import { CalendarPlus } from 'lucide-react';

/** "Subscribe (.ics)": a public calendar feed (a series', a team's, a field's; issue 26). */
export function SubscribeLink({ href, label = SERIES_TEXTS.subscribe }: { href: string; label?: string }) {
  return (
    <a
      href={href}
      type="text/calendar"
      className="inline-flex min-h-11 items-center gap-2 rounded-md border border-border px-3 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <CalendarPlus className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}
