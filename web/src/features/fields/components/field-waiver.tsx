import { GAME_DAY_TEXTS, type WaiverSetting } from '@contract/game-day';
import { WAIVER_LIMITS } from '@contract/waivers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Textarea } from '@web/components/ui/textarea';
import { apiRequest } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useId, useState } from 'react';

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
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(initial);
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
    <form
      className="space-y-3 rounded-md border p-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(text.trim());
      }}
    >
      <div className="space-y-1">
        <Label htmlFor={`${id}-waiver`}>
          {T.waiver}
          {version !== null ? ` · ${T.waiverVersion(version)}` : null}
        </Label>
        <p className="text-xs text-muted-foreground">{T.waiverHint}</p>
        <Textarea
          id={`${id}-waiver`}
          rows={6}
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
            onClick={() => save.mutate(null)}
          >
            {T.removeWaiver}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
