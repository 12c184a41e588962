import { FIELD_TEXTS, type Field } from '@contract/fields';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/lib/toast';
import { BadgeCheck, Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useFields } from '../api/get-fields';
import { useDeleteField, useVerifyField } from '../api/write-fields';
import { FieldForm } from './field-form';

const T = FIELD_TEXTS;

/**
 * Manage Fields (admin): the form in create mode, or in edit mode after choosing Edit until cancel
 * or save; the fields by name with Verify (or Unverify), Edit and a confirmed Delete.
 */
export function ManageFields() {
  const query = useFields();
  const remove = useDeleteField();
  const verify = useVerifyField();
  const [editing, setEditing] = useState<Field | null>(null);
  const [target, setTarget] = useState<Field | null>(null);
  const list = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);

  const confirmDelete = async (f: Field) => {
    setTarget(null);
    try {
      await remove.mutateAsync(f.id);
      if (editing?.id === f.id) setEditing(null);
      toast({ title: T.deleted });
    } catch {
      // The toast comes from the mutation's meta.
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <FieldForm editing={editing} onDone={() => setEditing(null)} />
      <section aria-labelledby="manage-fields-list" className="space-y-3">
        <h3 id="manage-fields-list" className="font-semibold">
          {T.listLabel}
        </h3>
        {query.isPending ? (
          <div className="space-y-2" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : query.isError && !query.data ? (
          <p className="text-sm text-destructive">{T.fetchFieldsFailed}</p>
        ) : list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            {T.noFieldsYet}
          </p>
        ) : (
          <ul className="max-h-[600px] space-y-2 overflow-y-auto pr-1" aria-label={T.listLabel}>
            {list.map((f) => (
              <li key={f.id}>
                <Card
                  className={`flex flex-wrap items-start gap-2 p-3 ${editing?.id === f.id ? 'border-primary' : ''}`}
                >
                  <div className="min-w-0 flex-1 basis-40 space-y-1">
                    <p className="truncate font-medium">{f.name}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {f.type} · {f.verified ? T.verified : T.unverified}
                    </p>
                  </div>
                  {f.canVerify ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={verify.isPending && verify.variables?.id === f.id}
                      onClick={() =>
                        verify.mutate(
                          { id: f.id, verified: !f.verified },
                          {
                            onSuccess: () =>
                              toast({ title: f.verified ? T.unverifiedToast : T.verifiedToast }),
                          },
                        )
                      }
                      aria-label={`${f.verified ? T.unverify : T.verify} ${f.name}`}
                    >
                      <BadgeCheck aria-hidden="true" />
                      {f.verified ? T.unverify : T.verify}
                    </Button>
                  ) : null}
                  {f.canEdit ? (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(f)}
                      aria-label={`${T.edit} ${f.name}`}
                    >
                      <Pencil aria-hidden="true" />
                      {T.edit}
                    </Button>
                  ) : null}
                  {f.canDelete ? (
                    <Button
                      variant="destructive"
                      size="sm"
                      onClick={() => setTarget(f)}
                      disabled={remove.isPending && remove.variables === f.id}
                      aria-label={`${T.delete} ${f.name}`}
                    >
                      <Trash2 aria-hidden="true" />
                      {T.delete}
                    </Button>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={T.deleteTitle}
        description={target ? `“${target.name}” — ${T.deleteDescription}` : T.deleteDescription}
        confirmLabel={T.delete}
        onConfirm={() => target && void confirmDelete(target)}
      />
    </div>
  );
}
