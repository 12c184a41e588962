import { TUTORIAL_TEXTS, type Tutorial } from '@contract/tutorials';
import { AdminList, AdminSplit } from '@web/components/admin/admin-list';
import { useState } from 'react';
import { useDeleteTutorial } from '../api/delete-tutorial';
import { useTutorials } from '../api/get-tutorials';
import { DifficultyBadge } from './difficulty-badge';
import { TutorialForm } from './tutorial-form';

const T = TUTORIAL_TEXTS;

/**
 * Add Tutorial (SPEC §2 Admin): the tutorial form, and the tutorials with Edit (the form switches
 * to edit mode until cancel or save) and a confirmed Delete, so admins can fix mistakes.
 */
export function ManageTutorials() {
  const list = useTutorials();
  const remove = useDeleteTutorial();
  const [editing, setEditing] = useState<Tutorial | null>(null);

  return (
    <AdminSplit>
      <TutorialForm editing={editing} onDone={() => setEditing(null)} />
      <AdminList
        id="manage-tutorials-list"
        texts={{ ...T, heading: T.tutorials, empty: T.noTutorialsYet, fetchFailed: T.fetchTutorialsFailed }}
        query={list}
        items={list.data?.pages.flat() ?? []}
        name={(t) => t.title}
        detailsClassName="flex flex-wrap items-center gap-2 text-xs text-muted-foreground"
        details={(t) => (
          <>
            <DifficultyBadge difficulty={t.difficulty} />
            <span>{t.category}</span>
            <span>{T.typeLabels[t.type]}</span>
          </>
        )}
        selectedId={editing?.id}
        onEdit={setEditing}
        remove={remove}
        onDeleted={(t) => setEditing((e) => (e?.id === t.id ? null : e))}
      />
    </AdminSplit>
  );
}
