import { POST_EVENT_TEXTS, type PostEventChoice } from '@contract/event-photos';
import { CalendarDays } from 'lucide-react';
import { useId } from 'react';
import { usePostEvents } from '../api/post-events';

const SELECT =
  'flex min-h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50';

const day = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' }).format(new Date(iso));

function Options({ list }: { list: PostEventChoice[] }) {
  return list.map((e) => (
    <option key={e.id} value={e.id}>
      {e.title} ({day(e.date)})
    </option>
  ));
}

/**
 * The composer's "At an event" picker (issue 26): a native select (phone friendly, keyboard ready)
 * of the viewer's events, then the recent ones; "No event" by default. Hidden while there is none
 * to offer (or they could not be read: the post goes untagged).
 */
export function PostEventPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const id = useId();
  const choices = usePostEvents();
  const list = choices.data ?? [];
  if (list.length === 0) return null;
  const mine = list.filter((e) => e.registered);
  const recent = list.filter((e) => !e.registered);
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
        {POST_EVENT_TEXTS.label}
      </label>
      <select id={id} className={SELECT} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{POST_EVENT_TEXTS.none}</option>
        {mine.length > 0 ? (
          <optgroup label={POST_EVENT_TEXTS.registered}>
            <Options list={mine} />
          </optgroup>
        ) : null}
        {recent.length > 0 ? (
          <optgroup label={POST_EVENT_TEXTS.recent}>
            <Options list={recent} />
          </optgroup>
        ) : null}
      </select>
    </div>
  );
}
