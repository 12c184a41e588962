import { STORE_TEXTS, type Store } from '@contract/stores';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/lib/toast';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteStore } from '../api/delete-store';
import { useStores } from '../api/get-stores';
import { StoreForm } from './store-form';

const T = STORE_TEXTS;

/**
 * Manage Stores (admin): the form in create mode, or in edit mode after choosing Edit on a store
 * until cancel or save; the stores by name with Edit and a confirmed Delete.
 */
export function ManageStores() {
  const stores = useStores();
  const remove = useDeleteStore();
  const [editing, setEditing] = useState<Store | null>(null);
  const [target, setTarget] = useState<Store | null>(null);

  const confirmDelete = async (store: Store) => {
    setTarget(null);
    try {
      await remove.mutateAsync(store.id);
      if (editing?.id === store.id) setEditing(null);
      toast({ title: T.deleted });
    } catch {
      // The toast comes from the mutation's meta.
    }
  };

  const list = stores.data ?? [];
  const regions = [...new Set(list.map((s) => s.region))];
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <StoreForm editing={editing} regions={regions} onDone={() => setEditing(null)} />
      <section aria-labelledby="manage-stores-list" className="space-y-3">
        <h3 id="manage-stores-list" className="font-semibold">
          {T.listLabel}
        </h3>
        {stores.isPending ? (
          <div className="space-y-2" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : stores.isError && !stores.data ? (
          <p className="text-sm text-destructive">{T.fetchStoresFailed}</p>
        ) : list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            {T.noStoresYet}
          </p>
        ) : (
          <ul className="max-h-[600px] space-y-2 overflow-y-auto pr-1" aria-label={T.listLabel}>
            {list.map((store) => (
              <li key={store.id}>
                <Card
                  className={`flex items-start gap-3 p-3 ${editing?.id === store.id ? 'border-primary' : ''}`}
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="truncate font-medium">{store.name}</p>
                    <p className="truncate text-xs text-muted-foreground">
                      {store.region} · {store.address}
                    </p>
                  </div>
                  {store.canEdit ? (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(store)}
                      aria-label={`${T.edit} ${store.name}`}
                    >
                      <Pencil aria-hidden="true" />
                      {T.edit}
                    </Button>
                  ) : null}
                  {store.canDelete ? (
                    <Button
                      variant="destructive"
                      size="sm"
                      onClick={() => setTarget(store)}
                      disabled={remove.isPending && remove.variables === store.id}
                      aria-label={`${T.delete} ${store.name}`}
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
