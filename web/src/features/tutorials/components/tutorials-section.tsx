import { TUTORIAL_FILTERS, TUTORIAL_TEXTS, type Tutorial, type TutorialFilter } from '@contract/tutorials';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { useQueryParam } from '@web/lib/use-query-param';
import { GraduationCap, RotateCw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTutorial } from '../api/get-tutorial';
import { useTutorials } from '../api/get-tutorials';
import { TutorialCard } from './tutorial-card';

// The dialog (Radix, the player frame, the Markdown renderer) loads when a tutorial is first opened.
const TutorialDialog = lazy(() => import('./tutorial-dialog').then((m) => ({ default: m.TutorialDialog })));

/**
 * The Tutorials section of the home page (SPEC §2): filter buttons All, How to Play, Equipment,
 * Tactics, Milsim, Maintenance; the chosen category's tutorials; the tutorial dialog over them
 * while the address is /tutorials/{id} (issue 20: a tutorial has an address to share, as an
 * article has). Closing goes back to the list the reader came from, or to /tutorials.
 */
export function TutorialsSection() {
  // The category lives in the address (`?category=Tactics`, issue 20).
  const [filter, setFilter] = useQueryParam<TutorialFilter>('category', TUTORIAL_FILTERS, 'All');
  const list = useTutorials(filter === 'All' ? null : filter);
  const tutorials = list.data?.pages.flat() ?? [];
  const { tutorialId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();

  const show = (tutorial: Tutorial) =>
    navigate(`/tutorials/${encodeURIComponent(tutorial.id)}${location.search}`, {
      state: { fromList: true },
    });
  const close = () => {
    if ((location.state as { fromList?: boolean } | null)?.fromList) navigate(-1);
    else navigate(`/tutorials${location.search}`, { replace: true });
  };

  return (
    <section className="space-y-5">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{TUTORIAL_TEXTS.filtersLabel}</legend>
        {TUTORIAL_FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={f === filter ? 'default' : 'outline'}
            aria-pressed={f === filter}
            onClick={() => setFilter(f)}
            className="rounded-full"
          >
            {f}
          </Button>
        ))}
      </fieldset>

      {list.isPending ? (
        <TutorialsSkeleton />
      ) : !list.data ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-border p-8 text-center">
          <p className="text-sm text-destructive">{TUTORIAL_TEXTS.fetchTutorialsFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RotateCw className={list.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            {TUTORIAL_TEXTS.tryAgain}
          </Button>
        </div>
      ) : tutorials.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
          <GraduationCap className="size-8 text-primary" aria-hidden="true" />
          <p>{TUTORIAL_TEXTS.noTutorials}</p>
        </div>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={TUTORIAL_TEXTS.listLabel}>
            {tutorials.map((t) => (
              <li key={t.id}>
                <TutorialCard tutorial={t} onOpen={() => show(t)} />
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}

      {tutorialId ? <OpenTutorial id={tutorialId} onClose={close} /> : null}
    </section>
  );
}

/** The tutorial of the address, from a loaded list or GET /api/tutorials/{id}; a toast-free not-found. */
function OpenTutorial({ id, onClose }: { id: string; onClose: () => void }) {
  const tutorial = useTutorial(id);
  if (tutorial.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {TUTORIAL_TEXTS.tutorialNotFound}
      </p>
    );
  return (
    <Suspense fallback={null}>
      <TutorialDialog tutorial={tutorial.data ?? null} onClose={onClose} />
    </Suspense>
  );
}

function TutorialsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="overflow-hidden">
          <Skeleton className="aspect-video w-full rounded-none" />
          <div className="space-y-3 p-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        </Card>
      ))}
    </div>
  );
}
