import { GAME_DAY_TEXTS, type WaiverSetting } from '@contract/game-day';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton } from '@web/components/ui/skeleton';
import { WaiverTextForm } from '@web/components/waiver-text-form';
import { apiRequest } from '@web/lib/api';
import { toast } from '@web/lib/toast';

const T = GAME_DAY_TEXTS;
const key = (id: string) => ['fields', 'waiver', id] as const;

/**
 * Manage Fields: the field's waiver (issue 25), required by the events held there that have none
 * of their own; saving a changed text makes a new version (players who signed sign again).
 */
export function FieldWaiver({ fieldId }: { fieldId: string }) {
  const setting = useQuery({
    queryKey: key(fieldId),
    queryFn: ({ signal }) =>
      apiRequest<WaiverSetting>('GET', `/api/fields/${encodeURIComponent(fieldId)}/waiver`, undefined, {
        signal,
      }),
  });
  if (setting.isPending) return <Skeleton className="h-32 w-full" />;
  if (setting.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {setting.error.message}
      </p>
    );
  return (
    <Editor
      key={`${fieldId}:${setting.data.waiver?.version ?? 0}`}
      fieldId={fieldId}
      initial={setting.data.waiver?.text ?? ''}
      version={setting.data.waiver?.version ?? null}
    />
  );
}

function Editor({ fieldId, initial, version }: { fieldId: string; initial: string; version: number | null }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    meta: { errorToast: { title: 'Failed to save the waiver' } },
    mutationFn: (value: string | null) =>
      apiRequest<WaiverSetting>(
        value === null ? 'DELETE' : 'PUT',
        `/api/admin/fields/${encodeURIComponent(fieldId)}/waiver`,
        value === null ? undefined : { text: value },
      ),
    onSuccess: (answer, value) => {
      queryClient.setQueryData(key(fieldId), answer);
      toast({ title: value === null ? T.waiverRemoved : T.waiverSaved });
    },
  });
  return (
    <WaiverTextForm
      className="rounded-md border p-4"
      rows={6}
      initial={initial}
      version={version}
      pending={save.isPending}
      onSave={(text) => save.mutate(text)}
      before={<p className="text-xs text-muted-foreground">{T.waiverHint}</p>}
    />
  );
}
