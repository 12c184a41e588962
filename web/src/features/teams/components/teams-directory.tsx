import { PLAY_STYLE_LABELS, TEAM_TEXTS } from '@contract/teams';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { SEARCH_DEBOUNCE_MS } from '@web/lib/constants';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { anyText, useQueryParam } from '@web/lib/use-query-param';
import { LoaderCircle, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTeamPages } from '../api/get-teams';
import type { TeamListParams } from '../api/keys';
import { PLAY_STYLES, type PlayStyle } from '../types';
import { NativeSelect } from './select';
import { TeamCard, TeamCardSkeleton } from './team-card';

const T = TEAM_TEXTS;
type Recruiting = 'all' | 'true' | 'false';

/**
 * The team directory (SPEC §2 /teams): a search box (300 ms after typing stops), a play-style and
 * a recruiting filter, the cards 20 at a time with Load more, 'No teams found' when none match.
 */
export function TeamsDirectory() {
  const ids = useId();
  // The filters live in the address (`/teams?playStyle=milsim&recruiting=true&q=wolf`, issue 20);
  // the search box writes its term there once typing stops.
  const [query, setQuery] = useQueryParam<string>('q', anyText(), '');
  const [playStyle, setPlayStyle] = useQueryParam<PlayStyle | ''>('playStyle', PLAY_STYLES, '');
  const [recruiting, setRecruiting] = useQueryParam<Recruiting>(
    'recruiting',
    ['all', 'true', 'false'],
    'all',
  );
  const [search, setSearch] = useState(query);
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The address follows the typed term; a new address (a link, Back) puts its term in the box.
  const written = useRef(query);
  useEffect(() => {
    if (query === written.current) return;
    written.current = query;
    setSearch(query);
  }, [query]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the debounced term changes.
  useEffect(() => {
    if (term === written.current) return;
    written.current = term;
    setQuery(term);
  }, [term]);
  const params: TeamListParams = {
    search: term || undefined,
    playStyle: playStyle || undefined,
    isRecruiting: recruiting === 'all' ? undefined : recruiting === 'true',
  };
  const teams = useTeamPages(params);
  const list = teams.data?.pages.flat() ?? [];

  return (
    <section aria-label={T.heading} className="space-y-5">
      <div className="grid gap-3 sm:grid-cols-[1fr_11rem_11rem]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-search`}>{T.searchLabel}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={`${ids}-search`}
              type="search"
              className="pl-9"
              placeholder={T.searchPlaceholder}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              maxLength={100}
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-style`}>{T.playStyleFilter}</Label>
          <NativeSelect
            id={`${ids}-style`}
            value={playStyle}
            onChange={(e) => setPlayStyle(e.target.value as PlayStyle | '')}
          >
            <option value="">{T.allPlayStyles}</option>
            {PLAY_STYLES.map((style) => (
              <option key={style} value={style}>
                {PLAY_STYLE_LABELS[style]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-recruiting`}>{T.recruitingFilter}</Label>
          <NativeSelect
            id={`${ids}-recruiting`}
            value={recruiting}
            onChange={(e) => setRecruiting(e.target.value as Recruiting)}
          >
            <option value="all">{T.allTeams}</option>
            <option value="true">{T.recruitingOnly}</option>
            <option value="false">{T.recruitingClosed}</option>
          </NativeSelect>
        </div>
      </div>

      {teams.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
          <TeamCardSkeleton />
          <TeamCardSkeleton />
          <TeamCardSkeleton />
          <TeamCardSkeleton />
        </div>
      ) : teams.isError && list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-border p-8 text-center">
          <p className="text-destructive">{T.fetchTeamsFailed}</p>
          <Button variant="outline" onClick={() => void teams.refetch()}>
            {T.tryAgain}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {T.noTeams}
        </p>
      ) : (
        <>
          <ul
            aria-label={T.heading}
            aria-busy={teams.isPlaceholderData || undefined}
            className="grid gap-4 transition-opacity aria-busy:opacity-60 sm:grid-cols-2"
          >
            {list.map((team) => (
              <li key={team.id}>
                <TeamCard team={team} />
              </li>
            ))}
          </ul>
          {teams.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="outline"
                disabled={teams.isFetchingNextPage}
                onClick={() => void teams.fetchNextPage()}
              >
                {teams.isFetchingNextPage ? (
                  <LoaderCircle className="animate-spin" aria-hidden="true" />
                ) : null}
                {teams.isFetchingNextPage ? T.loading : T.loadMore}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
