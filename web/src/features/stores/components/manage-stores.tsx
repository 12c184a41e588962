import { STORE_TEXTS, type Store } from '@contract/stores';
import { AdminList, AdminSplit } from '@web/components/admin/admin-list';
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

  const list = stores.data ?? [];
  const regions = [...new Set(list.map((s) => s.region))];
  return (
    <AdminSplit>
      <StoreForm editing={editing} regions={regions} onDone={() => setEditing(null)} />
      <AdminList
        id="manage-stores-list"
        texts={{ ...T, heading: T.listLabel, empty: T.noStoresYet, fetchFailed: T.fetchStoresFailed }}
        query={stores}
        items={list}
        name={(s) => s.name}
        details={(s) => `${s.region} · ${s.address}`}
        selectedId={editing?.id}
        onEdit={setEditing}
        remove={remove}
        onDeleted={(s) => setEditing((e) => (e?.id === s.id ? null : e))}
      />
    </AdminSplit>
  );
}
