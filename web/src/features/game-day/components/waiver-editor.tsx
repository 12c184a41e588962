import { GAME_DAY_TEXTS } from '@contract/game-day';
import { WAIVER_LIMITS } from '@contract/waivers';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/lib/toast';
import { useId, useState } from 'react';
import { useEventWaiver, useSetEventWaiver } from '../api/game-day';

const T = GAME_DAY_TEXTS;

/** Organisers: the event's own waiver (Markdown); saving a changed text makes a new version. */
export function WaiverEditor({ eventId }: { eventId: string }) {
  const setting = useEventWaiver(eventId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.waiver}</CardTitle>
        <CardDescription>{T.waiverHint}</CardDescription>
      </CardHeader>
      <CardContent>
        {setting.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : setting.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {setting.error.message}
          </p>
        ) : (
          <Editor
            key={setting.data.waiver?.version ?? 0}
            eventId={eventId}
            initial={setting.data.waiver?.text ?? ''}
            version={setting.data.waiver?.version ?? null}
            inherited={setting.data.inherited ?? null}
          />
        )}
      </CardContent>
    </Card>
  );
}

function Editor({
  eventId,
  initial,
  version,
  inherited,
}: {
  eventId: string;
  initial: string;
  version: number | null;
  inherited: { version: number; text: string } | null;
}) {
  const id = useId();
  const save = useSetEventWaiver(eventId);
  const [text, setText] = useState(initial);
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(text.trim(), { onSuccess: () => toast({ title: T.waiverSaved }) });
      }}
    >
      {version === null && inherited ? (
        <p className="text-sm text-muted-foreground">
          {T.waiverInherited} ({T.waiverVersion(inherited.version)})
        </p>
      ) : null}
      <div className="space-y-1">
        <Label htmlFor={`${id}-text`}>
          {T.waiver}
          {version !== null ? ` · ${T.waiverVersion(version)}` : null}
        </Label>
        <Textarea
          id={`${id}-text`}
          rows={8}
          maxLength={WAIVER_LIMITS.text}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="h-11" disabled={!text.trim() || save.isPending}>
          {T.saveWaiver}
        </Button>
        {version !== null ? (
          <Button
            type="button"
            variant="outline"
            className="h-11"
            disabled={save.isPending}
            onClick={() => save.mutate(null, { onSuccess: () => toast({ title: T.waiverRemoved }) })}
          >
            {T.removeWaiver}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
