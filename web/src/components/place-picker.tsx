import { PLACES_TEXTS, type Place, placeLabel } from '@contract/places';
import { useQuery } from '@tanstack/react-query';
import { Input } from '@web/components/ui/input';
import { apiRequest } from '@web/lib/api';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';

/** The gazetteer's suggestions (GET /api/places?q=), from two letters on; kept a while (the answer never changes). */
export function usePlaces(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['places', query.toLowerCase()],
    enabled: query.length >= 2,
    staleTime: 60 * 60 * 1000,
    queryFn: ({ signal }) =>
      apiRequest<Place[]>('GET', `/api/places?q=${encodeURIComponent(query)}`, undefined, { signal }),
  });
}

/**
 * A place typed, with the offline gazetteer's suggestions (issue 26): a combobox with a listbox
 * under it, from two letters on, keyboard too (arrows, Enter, Escape). The text is the owner's
 * (`value`, `onInput`); picking a suggestion calls `onChoose` with its name and coordinates. The
 * find filters' place and the carpool form's "From" use it. `quiet`: no suggestions for the text
 * as it is (the find filters' "My location").
 */
export function PlacePicker({
  id,
  label,
  value,
  onInput,
  onChoose,
  quiet = false,
  required,
  maxLength,
  placeholder = PLACES_TEXTS.hint,
}: {
  /** The input's id (its Label's htmlFor). */
  id: string;
  /** The listbox's name. */
  label: string;
  value: string;
  onInput: (text: string) => void;
  onChoose: (place: Place) => void;
  quiet?: boolean;
  required?: boolean;
  maxLength?: number;
  placeholder?: string;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = open && !quiet ? value : '';
  const places = usePlaces(typed);
  const options = places.data ?? [];
  const choose = (p: Place) => {
    setOpen(false);
    onChoose(p);
  };
  const listId = `${id}-places`;
  return (
    <div className="relative">
      <Input
        id={id}
        className="h-11"
        role="combobox"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        placeholder={placeholder}
        autoComplete="off"
        required={required}
        maxLength={maxLength}
        value={value}
        onChange={(e) => {
          onInput(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (!open || options.length === 0) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(options.length - 1, a + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            choose(options[active]);
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {open && typed.trim().length >= 2 ? (
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-border bg-popover text-popover-foreground shadow-md"
        >
          {places.isPending ? (
            <div className="p-3 text-sm text-muted-foreground">
              <LoaderCircle className="inline size-4 animate-spin" aria-hidden="true" />
            </div>
          ) : options.length === 0 ? (
            <div className="p-3 text-sm text-muted-foreground">{PLACES_TEXTS.noPlaces}</div>
          ) : (
            options.map((p, i) => (
              <div
                key={`${p.name}-${p.lat}-${p.lng}`}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={`flex min-h-11 cursor-pointer items-center px-3 text-sm ${i === active ? 'bg-accent text-accent-foreground' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(p)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') choose(p);
                }}
              >
                {placeLabel(p)}
              </div>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
