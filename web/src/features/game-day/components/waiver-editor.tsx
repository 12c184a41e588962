import { GAME_DAY_TEXTS } from '@contract/game-day';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { WaiverTextForm } from '@web/components/waiver-text-form';
import { toast } from '@web/lib/toast';
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
  const save = useSetEventWaiver(eventId);
  return (
    <WaiverTextForm
      initial={initial}
      version={version}
      pending={save.isPending}
      onSave={(text) =>
        save.mutate(text, {
          onSuccess: () => toast({ title: text === null ? T.waiverRemoved : T.waiverSaved }),
        })
      }
      before={
        version === null && inherited ? (
          <p className="text-sm text-muted-foreground">
            {T.waiverInherited} ({T.waiverVersion(inherited.version)})
          </p>
        ) : null
      }
    />
  );
}
