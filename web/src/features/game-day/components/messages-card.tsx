import {
  GAME_DAY_TEXTS,
  MESSAGE_AUDIENCE_LABELS,
  MESSAGE_MAX,
  type MessageAudience,
} from '@contract/game-day';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/lib/toast';
import { useId, useState } from 'react';
import { useEventMessages, useSendMessage } from '../api/game-day';

const T = GAME_DAY_TEXTS;
/** Organisers: write to the event's players (a notification, and a mail per their preferences); the messages sent. */
export function MessagesCard({
  eventId,
  sides = [],
}: {
  eventId: string;
  /** The event's sides: a message may go to the registered players of one. */
  sides?: readonly { id: string; name: string }[];
}) {
  const id = useId();
  const messages = useEventMessages(eventId);
  const send = useSendMessage(eventId);
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<MessageAudience>('registered');
  const [sideId, setSideId] = useState('');
  const audiences: MessageAudience[] =
    sides.length > 0 ? ['registered', 'all', 'side'] : ['registered', 'all'];
  const chosenSide = sideId || sides[0]?.id;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    send.mutate(
      { text: text.trim(), audience, ...(audience === 'side' && chosenSide ? { sideId: chosenSide } : {}) },
      {
        onSuccess: (m) => {
          setText('');
          toast({ title: T.messageSent(m.recipientCount) });
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.messages}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="space-y-3">
          <div className="space-y-1">
            <Label htmlFor={`${id}-text`}>{T.messageText}</Label>
            <Textarea
              id={`${id}-text`}
              rows={4}
              maxLength={MESSAGE_MAX}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-describedby={`${id}-count`}
            />
            <p id={`${id}-count`} className="text-right text-xs text-muted-foreground">
              {text.length}/{MESSAGE_MAX}
            </p>
          </div>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">{T.messageAudience}</legend>
            <div className="flex flex-wrap gap-x-4">
              {audiences.map((a) => (
                <label key={a} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-audience`}
                    value={a}
                    checked={audience === a}
                    onChange={() => setAudience(a)}
                    className="size-4"
                  />
                  {MESSAGE_AUDIENCE_LABELS[a]}
                </label>
              ))}
            </div>
            {audience === 'side' ? (
              <div className="space-y-1 pt-1">
                <Label htmlFor={`${id}-side`}>{T.messageSide}</Label>
                <select
                  id={`${id}-side`}
                  className="h-11 w-full max-w-xs rounded-md border border-input bg-background px-3 text-sm"
                  value={chosenSide}
                  onChange={(e) => setSideId(e.target.value)}
                >
                  {sides.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </fieldset>
          <Button type="submit" className="h-11" disabled={!text.trim() || send.isPending}>
            {T.send}
          </Button>
        </form>
        {messages.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {messages.error.message}
          </p>
        ) : messages.data && messages.data.messages.length === 0 ? (
          <p className="text-sm text-muted-foreground">{T.noMessages}</p>
        ) : (
          <ul className="space-y-3" aria-busy={messages.isPending}>
            {messages.data?.messages.map((m) => (
              <li key={m.id} className="rounded-md border p-3 text-sm">
                <p className="whitespace-pre-wrap break-words">{m.text}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {MESSAGE_AUDIENCE_LABELS[m.audience]} · {m.recipientCount} ·{' '}
                  {new Date(m.createdAt).toLocaleString()}
                  {m.sender ? ` · ${m.sender.username}` : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
