import {
  GARAGE_TEXTS,
  REPLICA_CLASS_LABELS,
  REPLICA_CLASSES,
  type Replica,
  type ReplicaClass,
} from '@contract/garage';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { apiRequest, errorText } from '@web/lib/api';
import { useState } from 'react';

const KEY = ['/api/user/replicas'];

interface Draft {
  name: string;
  replicaClass: ReplicaClass;
  fps: string;
  bbWeightGrams: string;
  measuredAt: string;
}
const EMPTY: Draft = { name: '', replicaClass: 'aeg', fps: '', bbWeightGrams: '0.20', measuredAt: '' };
const draftOf = (r: Replica): Draft => ({
  name: r.name,
  replicaClass: r.replicaClass,
  fps: String(r.fps),
  bbWeightGrams: r.bbWeightGrams.toFixed(2),
  measuredAt: r.measuredAt?.slice(0, 10) ?? '',
});

/** Settings' "My garage" (issue 25): the viewer's replicas with their last chrono reading. */
export function GarageCard() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest<Replica[]>('GET', '/api/user/replicas', undefined, { signal }),
  });
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const save = useMutation({
    mutationFn: (d: Draft) => {
      const body = {
        name: d.name,
        replicaClass: d.replicaClass,
        fps: Number(d.fps),
        bbWeightGrams: Number(d.bbWeightGrams),
        measuredAt: d.measuredAt || null,
      };
      return editing === 'new'
        ? apiRequest('POST', '/api/user/replicas', body)
        : apiRequest('PATCH', `/api/user/replicas/${editing}`, body);
    },
    onSuccess: () => {
      setEditing(null);
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/user/replicas/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
  const form = (
    <form
      className="grid gap-2 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft);
      }}
    >
      <label className="flex flex-col text-sm">
        {GARAGE_TEXTS.name}
        <Input
          className="min-h-11"
          required
          maxLength={80}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
      </label>
      <label className="flex flex-col text-sm">
        {GARAGE_TEXTS.replicaClass}
        <select
          className="min-h-11 rounded-md border bg-background px-2"
          value={draft.replicaClass}
          onChange={(e) => setDraft({ ...draft, replicaClass: e.target.value as ReplicaClass })}
        >
          {REPLICA_CLASSES.map((c) => (
            <option key={c} value={c}>
              {REPLICA_CLASS_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-sm">
        {GARAGE_TEXTS.fps}
        <Input
          className="min-h-11"
          inputMode="decimal"
          required
          value={draft.fps}
          onChange={(e) => setDraft({ ...draft, fps: e.target.value })}
        />
      </label>
      <label className="flex flex-col text-sm">
        {GARAGE_TEXTS.bbWeight}
        <Input
          className="min-h-11"
          inputMode="decimal"
          required
          value={draft.bbWeightGrams}
          onChange={(e) => setDraft({ ...draft, bbWeightGrams: e.target.value })}
        />
      </label>
      <label className="flex flex-col text-sm">
        {GARAGE_TEXTS.measuredAt}
        <Input
          className="min-h-11"
          type="date"
          value={draft.measuredAt}
          onChange={(e) => setDraft({ ...draft, measuredAt: e.target.value })}
        />
      </label>
      <div className="flex items-end gap-2">
        <Button type="submit" className="min-h-11" disabled={save.isPending}>
          {GARAGE_TEXTS.save}
        </Button>
        <Button type="button" variant="outline" className="min-h-11" onClick={() => setEditing(null)}>
          {GARAGE_TEXTS.cancel}
        </Button>
      </div>
      {save.isError && (
        <p role="alert" className="text-destructive text-sm sm:col-span-2">
          {errorText(save.error)}
        </p>
      )}
    </form>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{GARAGE_TEXTS.title}</CardTitle>
        <CardDescription>{GARAGE_TEXTS.intro}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {list.isError && <p role="alert">{GARAGE_TEXTS.loadFailed}</p>}
        {list.data?.length === 0 && editing !== 'new' && (
          <p className="text-muted-foreground text-sm">{GARAGE_TEXTS.empty}</p>
        )}
        <ul className="divide-y">
          {list.data?.map((r) =>
            editing === r.id ? (
              <li key={r.id} className="py-2">
                {form}
              </li>
            ) : (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{r.name}</span>{' '}
                  <span className="text-muted-foreground text-sm">
                    {REPLICA_CLASS_LABELS[r.replicaClass]} · {r.fps} fps @ {r.bbWeightGrams.toFixed(2)} g (
                    {r.joules.toFixed(2)} J)
                  </span>
                </span>
                <span className="flex gap-2">
                  <Button
                    variant="outline"
                    className="min-h-11"
                    onClick={() => {
                      setDraft(draftOf(r));
                      setEditing(r.id);
                    }}
                  >
                    {GARAGE_TEXTS.edit}
                  </Button>
                  <Button variant="outline" className="min-h-11" onClick={() => remove.mutate(r.id)}>
                    {GARAGE_TEXTS.remove}
                  </Button>
                </span>
              </li>
            ),
          )}
        </ul>
        {editing === 'new' ? (
          form
        ) : (
          <Button
            className="min-h-11"
            onClick={() => {
              setDraft(EMPTY);
              setEditing('new');
            }}
          >
            {GARAGE_TEXTS.add}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
