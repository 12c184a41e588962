import { TUTORIAL_TEXTS, type Tutorial } from '@contract/tutorials';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/lib/toast';
import { Pencil, Trash2 } from 'lucide-react';
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
  const [target, setTarget] = useState<Tutorial | null>(null);

  const confirmDelete = async (tutorial: Tutorial) => {
    setTarget(null);
    try {
      await remove.mutateAsync(tutorial.id);
      if (editing?.id === tutorial.id) setEditing(null);
      toast({ title: T.deleted });
    } catch {
      // The toast comes from the mutation's meta.
    }
  };

  const tutorials = list.data?.pages.flat() ?? [];
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <TutorialForm editing={editing} onDone={() => setEditing(null)} />
      <section aria-labelledby="manage-tutorials-list" className="space-y-3">
        <h3 id="manage-tutorials-list" className="font-semibold">
          {T.tutorials}
        </h3>
        {list.isPending ? (
          <div className="space-y-2" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : list.isError && !list.data ? (
          <p className="text-sm text-destructive">{T.fetchTutorialsFailed}</p>
        ) : tutorials.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            {T.noTutorialsYet}
          </p>
        ) : (
          <ul className="max-h-[600px] space-y-2 overflow-y-auto pr-1" aria-label={T.tutorials}>
            {tutorials.map((tutorial) => (
              <li key={tutorial.id}>
                <Card
                  className={`flex items-start gap-3 p-3 ${editing?.id === tutorial.id ? 'border-primary' : ''}`}
                >
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="truncate font-medium">{tutorial.title}</p>
                    <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <DifficultyBadge difficulty={tutorial.difficulty} />
                      <span>{tutorial.category}</span>
                      <span>{T.typeLabels[tutorial.type]}</span>
                    </p>
                  </div>
                  {tutorial.canEdit ? (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setEditing(tutorial)}
                      aria-label={`${T.edit} ${tutorial.title}`}
                    >
                      <Pencil aria-hidden="true" />
                      {T.edit}
                    </Button>
                  ) : null}
                  {tutorial.canDelete ? (
                    <Button
                      variant="destructive"
                      size="sm"
                      onClick={() => setTarget(tutorial)}
                      disabled={remove.isPending && remove.variables === tutorial.id}
                      aria-label={`${T.delete} ${tutorial.title}`}
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
        {list.hasNextPage ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            Load more
          </Button>
        ) : null}
      </section>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={T.deleteTitle}
        description={target ? `“${target.title}” — ${T.deleteDescription}` : T.deleteDescription}
        confirmLabel={T.delete}
        onConfirm={() => target && void confirmDelete(target)}
      />
    </div>
  );
}
