import { FIELD_TEXTS, type Field } from '@contract/fields';
import { AdminList, AdminSplit } from '@web/components/admin/admin-list';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { BadgeCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useFields } from '../api/get-fields';
import { useDeleteField, useVerifyField } from '../api/write-fields';
import { FieldForm } from './field-form';
import { FieldWaiver } from './field-waiver';

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
  const list = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);

  return (
    <AdminSplit>
      <div className="space-y-4">
        <FieldForm editing={editing} onDone={() => setEditing(null)} />
        {editing ? <FieldWaiver fieldId={editing.id} /> : null}
      </div>
      <AdminList
        id="manage-fields-list"
        texts={{
          ...T,
          heading: T.listLabel,
          empty: T.noFieldsYet,
          fetchFailed: T.fetchFieldsFailed,
        }}
        query={query}
        items={list}
        name={(f) => f.name}
        details={(f) => `${f.type} · ${f.verified ? T.verified : T.unverified}`}
        selectedId={editing?.id}
        onEdit={setEditing}
        remove={remove}
        onDeleted={(f) => setEditing((e) => (e?.id === f.id ? null : e))}
        actions={(f) =>
          f.canVerify ? (
            <Button
              variant="outline"
              size="sm"
              disabled={verify.isPending && verify.variables?.id === f.id}
              onClick={() =>
                verify.mutate(
                  { id: f.id, verified: !f.verified },
                  { onSuccess: () => toast({ title: f.verified ? T.unverifiedToast : T.verifiedToast }) },
                )
              }
              aria-label={`${f.verified ? T.unverify : T.verify} ${f.name}`}
            >
              <BadgeCheck aria-hidden="true" />
              {f.verified ? T.unverify : T.verify}
            </Button>
          ) : null
        }
      />
    </AdminSplit>
  );
}
