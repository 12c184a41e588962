import { EVENT_RADII } from '@contract/events';
import { PLACES_TEXTS, placeLabel } from '@contract/places';
import { FIND_VIEW_TEXTS, SAVED_SEARCH_LIMITS, SAVED_SEARCH_TEXTS } from '@contract/saved-searches';
import { PlacePicker } from '@web/components/place-picker';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useUser } from '@web/lib/auth';
import { toast } from '@web/lib/toast';
import { useNearMe } from '@web/lib/use-near-me';
import { BookmarkPlus, LoaderCircle, LocateFixed, SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSaveSearch } from './api';
import {
  activeFilterCount,
  DEFAULT_RADIUS,
  EMPTY_FILTERS,
  type FindFilters,
  isFiltering,
  savedFilters,
  WHEN_CHOICES,
  WHEN_LABELS,
  type When,
  whenRange,
} from './filters';

const S = SAVED_SEARCH_TEXTS;
export const FIND_TEXTS = {
  filters: 'Find a game',
  when: 'When',
  from: 'From',
  to: 'To',
  howFar: 'How far',
  place: 'Place',
  placeHint: PLACES_TEXTS.hint,
  myLocation: 'My location',
  locating: 'Locating…',
  anywhere: 'Anywhere',
  within: (km: number) => `Within ${km} km`,
  placesLeft: 'Places left',
  beginner: 'Beginner-friendly',
  replicasAllowed: 'My replicas allowed',
  clear: 'Clear filters',
  noMatch: 'No games match these filters',
  noPlaces: PLACES_TEXTS.noPlaces,
  locationFailed: 'Location unavailable',
} as const;
const F = FIND_TEXTS;

const SELECT_CLASS =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The phone's filters (below `md`; the Events view shows FindFiltersBar from `md` up): a
 * "Filters (n)" button (n: the filters narrowing the list) opening a sheet with the same controls
 * (Radix's dialog: focus kept inside, Escape closes), so that the results start on the first screen.
 */
export function FiltersSheet({
  filters,
  onChange,
}: {
  filters: FindFilters;
  onChange: (next: FindFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(filters);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={count > 0 ? 'secondary' : 'outline'} className="h-11" data-testid="filters-button">
          <SlidersHorizontal aria-hidden="true" />
          {FIND_VIEW_TEXTS.filtersButton(count)}
        </Button>
      </DialogTrigger>
      <DialogContent
        className="top-auto bottom-0 left-0 max-h-[85dvh] w-full max-w-none translate-x-0 translate-y-0 gap-3 rounded-b-none p-4"
        closeClassName="top-2 right-2 inline-flex size-11 items-center justify-center"
      >
        <DialogHeader className="pr-12 text-left">
          <DialogTitle>{FIND_VIEW_TEXTS.filters}</DialogTitle>
          <DialogDescription className="sr-only">{F.filters}</DialogDescription>
        </DialogHeader>
        <FindFiltersBar filters={filters} onChange={onChange} bare />
        <Button className="h-11 w-full" onClick={() => setOpen(false)}>
          {FIND_VIEW_TEXTS.showResults}
        </Button>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The Events view's filters (issue 26), phone first: when, how far (a place typed with the
 * gazetteer's suggestions, or the browser's location, and a radius), places left, beginner-friendly,
 * my replicas allowed (signed in), clear, and "Save this search" (signed in).
 */
export function FindFiltersBar({
  filters,
  onChange,
  bare = false,
}: {
  filters: FindFilters;
  onChange: (next: FindFilters) => void;
  /** In the phone's sheet: no card of its own. */
  bare?: boolean;
}) {
  const { user } = useUser();
  const id = useId();
  const set = (patch: Partial<FindFilters>) => onChange({ ...filters, ...patch });
  const setWhen = (when: When) => {
    if (when === 'dates') set({ when, ...(filters.from ? {} : whenRange('week', new Date())) });
    else set({ when, from: undefined, to: undefined, ...whenRange(when, new Date()) });
  };
  const { near: located, locating, toggle } = useNearMe({ failedTitle: F.locationFailed });
  // Only a new location from the browser sets the filter.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are read as they are then
  useEffect(() => {
    if (located)
      onChange({ ...filters, near: located, place: undefined, radius: filters.radius ?? DEFAULT_RADIUS });
  }, [located]);

  return (
    <section
      aria-label={F.filters}
      className={bare ? 'space-y-3' : 'space-y-3 rounded-xl border border-border bg-card p-3'}
      data-testid="find-filters"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-1">
          <Label htmlFor={`${id}-when`}>{F.when}</Label>
          <select
            id={`${id}-when`}
            className={SELECT_CLASS}
            value={filters.when}
            onChange={(e) => setWhen(e.target.value as When)}
          >
            {WHEN_CHOICES.map((w) => (
              <option key={w} value={w}>
                {WHEN_LABELS[w]}
              </option>
            ))}
          </select>
        </div>
        {filters.when === 'dates' ? (
          <div className="grid grid-cols-2 gap-2">
            <div className="space-y-1">
              <Label htmlFor={`${id}-from`}>{F.from}</Label>
              <Input
                id={`${id}-from`}
                type="date"
                className="h-11"
                value={filters.from ?? ''}
                onChange={(e) => set({ from: e.target.value || undefined })}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`${id}-to`}>{F.to}</Label>
              <Input
                id={`${id}-to`}
                type="date"
                className="h-11"
                min={filters.from}
                value={filters.to ?? ''}
                onChange={(e) => set({ to: e.target.value || undefined })}
              />
            </div>
          </div>
        ) : null}
        <PlaceField filters={filters} onChange={onChange} />
        <div className="space-y-1">
          <Label htmlFor={`${id}-radius`}>{F.howFar}</Label>
          <div className="flex gap-2">
            <select
              id={`${id}-radius`}
              className={SELECT_CLASS}
              value={filters.near ? String(filters.radius ?? '') : ''}
              disabled={!filters.near}
              onChange={(e) => set({ radius: e.target.value ? Number(e.target.value) : undefined })}
            >
              <option value="">{F.anywhere}</option>
              {EVENT_RADII.map((km) => (
                <option key={km} value={km}>
                  {F.within(km)}
                </option>
              ))}
            </select>
            <Button
              type="button"
              variant="outline"
              className="h-11 shrink-0"
              onClick={toggle}
              disabled={locating}
              aria-pressed={!!filters.near && !filters.place}
              aria-label={F.myLocation}
              title={F.myLocation}
            >
              {locating ? (
                <LoaderCircle className="animate-spin" aria-hidden="true" />
              ) : (
                <LocateFixed aria-hidden="true" />
              )}
            </Button>
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <Toggle label={F.placesLeft} checked={filters.placesLeft} onChange={(v) => set({ placesLeft: v })} />
        <Toggle label={F.beginner} checked={filters.beginner} onChange={(v) => set({ beginner: v })} />
        {user ? (
          <Toggle
            label={F.replicasAllowed}
            checked={filters.replicasAllowed}
            onChange={(v) => set({ replicasAllowed: v })}
          />
        ) : null}
        <div className="ml-auto flex flex-wrap gap-2">
          {isFiltering(filters) ? (
            <Button
              type="button"
              variant="ghost"
              className="h-11"
              onClick={() => onChange({ ...EMPTY_FILTERS, type: filters.type })}
            >
              <X aria-hidden="true" />
              {F.clear}
            </Button>
          ) : null}
          {user ? <SaveSearchButton filters={filters} /> : null}
        </div>
      </div>
    </section>
  );
}

function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-5 accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

/** A place typed, with the gazetteer's suggestions: the shared picker (web/src/components/place-picker.tsx). */
function PlaceField({ filters, onChange }: { filters: FindFilters; onChange: (next: FindFilters) => void }) {
  const id = useId();
  const [text, setText] = useState(filters.place ?? '');
  useEffect(
    () => setText(filters.place ?? (filters.near ? F.myLocation : '')),
    [filters.place, filters.near],
  );
  return (
    <div className="space-y-1">
      <Label htmlFor={`${id}-place`}>{F.place}</Label>
      <PlacePicker
        id={`${id}-place`}
        label={F.place}
        placeholder={F.placeHint}
        value={text}
        quiet={text === F.myLocation}
        onInput={(v) => {
          setText(v);
          if (!v) onChange({ ...filters, near: undefined, place: undefined, radius: undefined });
        }}
        onChoose={(p) =>
          onChange({
            ...filters,
            near: `${p.lat},${p.lng}`,
            place: placeLabel(p),
            radius: filters.radius ?? DEFAULT_RADIUS,
          })
        }
      />
    </div>
  );
}

/** "Save this search": asks a name, then POST /api/user/saved-searches. */
function SaveSearchButton({ filters }: { filters: FindFilters }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const save = useSaveSearch();
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { name: name.trim(), filters: savedFilters(filters) },
      {
        onSuccess: () => {
          setOpen(false);
          setName('');
          toast({ title: S.saved });
        },
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: S.saveFailed,
            description: err instanceof Error ? err.message : undefined,
          }),
      },
    );
  };
  return (
    <>
      <Button type="button" variant="outline" className="h-11" onClick={() => setOpen(true)}>
        <BookmarkPlus aria-hidden="true" />
        {S.save}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form onSubmit={submit} className="space-y-4">
            <DialogHeader>
              <DialogTitle>{S.saveTitle}</DialogTitle>
              <DialogDescription>{S.saveHint}</DialogDescription>
            </DialogHeader>
            <div className="space-y-1">
              <Label htmlFor={`${id}-name`}>{S.name}</Label>
              <Input
                id={`${id}-name`}
                className="h-11"
                value={name}
                maxLength={SAVED_SEARCH_LIMITS.nameMax}
                required
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <DialogFooter>
              <Button type="button" variant="ghost" className="h-11" onClick={() => setOpen(false)}>
                {S.cancel}
              </Button>
              <Button type="submit" className="h-11" disabled={save.isPending || !name.trim()}>
                {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                {S.save}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
