import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/lib/toast';
import { Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';

/** A Manage page's two columns: the create-or-edit form, then the list. */
export function AdminSplit({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">{children}</div>
  );
}

/** What the list reads of its query: the loading and error states, and paging when there is more. */
export interface AdminListQuery {
  isPending: boolean;
  isError: boolean;
  data?: unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => Promise<unknown>;
}

/** The delete mutation, called with the item's id (its toast on failure comes from its meta). */
export interface AdminListRemove {
  mutateAsync: (id: string) => Promise<unknown>;
  isPending: boolean;
  variables?: string;
}

export interface AdminListTexts {
  /** The heading, and the list's accessible name. */
  heading: string;
  empty: string;
  fetchFailed: string;
  edit: string;
  /** Shown (the paging button) only when given and the query has a next page. */
  loadMore?: string;
  delete?: string;
  deleteTitle?: string;
  deleteDescription?: string;
  deleted?: string;
}

export interface AdminListProps<T extends { id: string; canEdit?: boolean; canDelete?: boolean }> {
  /** The heading's id (the section is labelled by it). */
  id: string;
  texts: AdminListTexts;
  query: AdminListQuery;
  items: readonly T[];
  /** The row's main text, also naming the item in its buttons' labels and the confirmation. */
  name: (item: T) => string;
  /** The row's second line. */
  details: (item: T) => ReactNode;
  /** The second line's classes: a truncated line of text unless given. */
  detailsClassName?: string;
  /** The item being edited, marked in the list. */
  selectedId?: string | null;
  /** Edit, shown unless the item says `canEdit: false`. */
  onEdit: (item: T) => void;
  /** Delete after a confirmation, shown when given and unless the item says `canDelete: false`. */
  remove?: AdminListRemove;
  /** After a delete succeeded (the list says `texts.deleted`). */
  onDeleted?: (item: T) => void;
  /** A row's buttons before Edit. */
  actions?: (item: T) => ReactNode;
  /** Above the list, under the heading (a search box). */
  toolbar?: ReactNode;
}

/**
 * The list of a Manage page: heading, loading skeletons, the error and empty lines, the items
 * (main text, second line, Edit and a confirmed Delete labelled with the item's name: a quiet
 * button, the confirmation's the red one), Load more.
 */
export function AdminList<T extends { id: string; canEdit?: boolean; canDelete?: boolean }>({
  id,
  texts,
  query,
  items,
  name,
  details,
  detailsClassName = 'truncate text-xs text-muted-foreground',
  selectedId,
  onEdit,
  remove,
  onDeleted,
  actions,
  toolbar,
}: AdminListProps<T>) {
  const [target, setTarget] = useState<T | null>(null);

  const confirmDelete = async (item: T) => {
    setTarget(null);
    if (!remove) return;
    try {
      await remove.mutateAsync(item.id);
      onDeleted?.(item);
      if (texts.deleted) toast({ title: texts.deleted });
    } catch {
      // The toast comes from the mutation's meta.
    }
  };

  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="font-semibold">
        {texts.heading}
      </h3>
      {toolbar}
      {query.isPending ? (
        <div className="space-y-2" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : query.isError && !query.data ? (
        <p className="text-sm text-destructive">{texts.fetchFailed}</p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {texts.empty}
        </p>
      ) : (
        <ul className="max-h-[600px] space-y-2 overflow-y-auto pr-1" aria-label={texts.heading}>
          {items.map((item) => (
            <li key={item.id}>
              <Card
                className={`flex flex-wrap items-start gap-2 p-3 ${selectedId === item.id ? 'border-primary' : ''}`}
              >
                <div className="min-w-0 flex-1 basis-40 space-y-1">
                  <p className="truncate font-medium">{name(item)}</p>
                  <p className={detailsClassName}>{details(item)}</p>
                </div>
                {actions?.(item)}
                {item.canEdit !== false ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onEdit(item)}
                    aria-label={`${texts.edit} ${name(item)}`}
                  >
                    <Pencil aria-hidden="true" />
                    {texts.edit}
                  </Button>
                ) : null}
                {remove && item.canDelete !== false ? (
                  <Button
                    // Quiet until confirmed: the confirmation's button is the red one.
                    variant="ghost"
                    size="sm"
                    className="text-muted-foreground"
                    onClick={() => setTarget(item)}
                    disabled={remove.isPending && remove.variables === item.id}
                    aria-label={`${texts.delete} ${name(item)}`}
                  >
                    <Trash2 aria-hidden="true" />
                    {texts.delete}
                  </Button>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {texts.loadMore && query.hasNextPage && query.fetchNextPage ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void query.fetchNextPage?.()}
          disabled={query.isFetchingNextPage}
        >
          {texts.loadMore}
        </Button>
      ) : null}
      {remove ? (
        <ConfirmDialog
          open={target !== null}
          onOpenChange={(open) => !open && setTarget(null)}
          title={texts.deleteTitle}
          description={target ? `“${name(target)}” — ${texts.deleteDescription}` : texts.deleteDescription}
          confirmLabel={texts.delete}
          onConfirm={() => target && void confirmDelete(target)}
        />
      ) : null}
    </section>
  );
}
