import { SEARCH_RESULTS_PER_GROUP, SEARCH_TEXTS, type SearchGroup } from '@contract/search';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { SEARCH_DEBOUNCE_MS } from '@web/lib/constants';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { Command } from 'cmdk';
import {
  BookOpen,
  Calendar,
  Crosshair,
  LoaderCircle,
  MapPin,
  Newspaper,
  Package,
  Search,
  Shield,
  Store,
  X,
} from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isSearchable, type SearchResults, useSearch } from '../api/search';

type GroupId = SearchGroup;

interface Option {
  key: string;
  group: GroupId;
  label: string;
  /** A second, quieter line: the gear's category and owner, a store's region, a team's place. */
  detail?: string | null;
  to: string;
}

/** The panel's groups, in order, with their headings (issue 20). */
const GROUPS: { id: GroupId; label: string }[] = [
  { id: 'users', label: SEARCH_TEXTS.players },
  { id: 'events', label: SEARCH_TEXTS.events },
  { id: 'gear', label: SEARCH_TEXTS.gear },
  { id: 'products', label: SEARCH_TEXTS.products },
  { id: 'teams', label: SEARCH_TEXTS.teams },
  { id: 'fields', label: SEARCH_TEXTS.fields },
  { id: 'stores', label: SEARCH_TEXTS.stores },
  { id: 'news', label: SEARCH_TEXTS.news },
  { id: 'tutorials', label: SEARCH_TEXTS.tutorials },
];

const enc = encodeURIComponent;
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Where choosing a result goes: the thing found (issue 20). */
function optionsOfGroup(results: SearchResults, group: GroupId): Omit<Option, 'key' | 'group'>[] {
  switch (group) {
    case 'users':
      return results.users.map((p) => ({ label: p.username, to: `/profile/${enc(p.username)}` }));
    case 'events':
      return results.events.map((e) => ({ label: e.title, to: `/events/${enc(e.id)}` }));
    case 'gear':
      return results.gear.map((g) => ({
        label: g.title,
        detail: `${g.category} · ${g.username}`,
        to: `/profile/${enc(g.username)}`,
      }));
    case 'products':
      return results.products.map((p) => ({ label: p.name, to: `/products/${enc(p.id)}` }));
    case 'teams':
      return results.teams.map((t) => ({ label: t.name, detail: t.location, to: `/teams/${enc(t.id)}` }));
    case 'fields':
      return results.fields.map((f) => ({ label: f.name, detail: f.address, to: `/fields/${enc(f.id)}` }));
    case 'stores':
      return results.stores.map((s) => ({
        label: s.name,
        detail: s.region,
        to: `/stores?${query({ country: s.country, region: s.region })}`,
      }));
    case 'news':
      return results.news.map((n) => ({ label: n.title, to: `/news/${enc(n.id)}` }));
    case 'tutorials':
      return results.tutorials.map((t) => ({
        label: t.title,
        detail: t.category,
        to: `/tutorials/${enc(t.id)}`,
      }));
  }
}

/** The choosable rows, in panel order: up to 3 of each group (SPEC §2, §9; issue 20). */
function optionsOf(results: SearchResults | null): Option[] {
  if (!results) return [];
  return GROUPS.flatMap(({ id }) =>
    optionsOfGroup(results, id)
      .slice(0, SEARCH_RESULTS_PER_GROUP)
      .map((o, i) => ({ ...o, group: id, key: `${id}:${i}:${o.to}` })),
  );
}

/** cmdk's value while no option is active: it matches no option, so none is chosen by itself. */
const NONE = '-';

/**
 * The header search box and its results panel (SPEC §2 "Search results panel", §4, §5, §9): a
 * combobox whose listbox opens at 2 trimmed characters, asks the three searches 300 ms after the
 * last keystroke, and shows up to 3 players, events and gear items. Below md the box folds into an
 * icon button that opens a full-width field under the header.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [dismissed, setDismissed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // The ids cmdk gives the listbox and the active option, for the combobox's aria attributes.
  const [listboxId, setListboxId] = useState<string>();
  const [activeId, setActiveId] = useState<string>();

  const trimmed = text.trim();
  const searchable = isSearchable(trimmed);
  const open = searchable && !dismissed;
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const search = useSearch(debounced);
  const settled = debounced === trimmed;

  // The results on show: emptied under 2 characters; while a newer search runs the previous
  // results stay (no flicker on each keystroke), but a reopened panel waits for its own answer.
  const [shown, setShown] = useState<SearchResults | null>(null);
  if (!searchable) {
    if (shown) setShown(null);
  } else if (search.data && search.data !== shown && (settled || shown)) {
    setShown(search.data);
  }

  const pending = searchable && (!settled || search.isFetching);
  const options = optionsOf(shown);
  const active = options.find((o) => o.key === activeKey);
  const noResults = !!shown && options.length === 0 && !pending;

  useEffect(() => {
    setListboxId(open ? listRef.current?.id : undefined);
    const row = active
      ? listRef.current?.querySelector(`[cmdk-item][data-value="${CSS.escape(active.key)}"]`)
      : null;
    setActiveId(row?.id || undefined);
  }, [open, active]);

  // Clicking anywhere outside the box and its panel closes them.
  useEffect(() => {
    if (!open && !mobileOpen) return;
    const onPointerDown = (event: Event) => {
      const target = event.target as Node | null;
      if (!target || rootRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setDismissed(true);
      setActiveKey(null);
      setMobileOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, mobileOpen]);

  useEffect(() => {
    if (mobileOpen) inputRef.current?.focus();
  }, [mobileOpen]);

  // Ctrl-K / Cmd-K focuses the search box from anywhere (below md it opens the field first).
  const [shortcut, setShortcut] = useState<string>(SEARCH_TEXTS.shortcutHint);
  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent))
      setShortcut(SEARCH_TEXTS.shortcutHintMac);
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (
        event.key.toLowerCase() !== 'k' ||
        !(event.ctrlKey || event.metaKey) ||
        event.altKey ||
        event.shiftKey
      )
        return;
      event.preventDefault();
      const input = inputRef.current;
      if (!input) return;
      if (input.offsetParent === null && !window.matchMedia?.('(min-width: 48rem)').matches)
        setMobileOpen(true);
      input.focus();
      input.select();
      setDismissed(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  function choose(option: Option) {
    setText('');
    setDismissed(false);
    setActiveKey(null);
    setMobileOpen(false);
    navigate(option.to);
  }

  /**
   * Runs before cmdk's own keys (arrows and Home/End move the active option, wrapping around;
   * Enter chooses it): closed, an arrow reopens the panel; Escape closes the panel, then the field.
   */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (!open) {
          event.preventDefault();
          if (searchable) setDismissed(false);
        }
        return;
      case 'Enter':
        if (!open) event.preventDefault();
        return;
      case 'Escape':
        // preventDefault also stops the browser from wiping a type=search box.
        if (open) {
          event.preventDefault();
          setDismissed(true);
          setActiveKey(null);
        } else if (mobileOpen) {
          event.preventDefault();
          setMobileOpen(false);
          toggleRef.current?.focus();
        }
        return;
    }
  }

  return (
    <>
      <Button
        ref={toggleRef}
        type="button"
        variant="ghost"
        size="icon"
        className="ml-auto -mr-2 md:hidden"
        aria-label={mobileOpen ? SEARCH_TEXTS.closeSearch : SEARCH_TEXTS.openSearch}
        aria-expanded={mobileOpen}
        onClick={() => setMobileOpen((was) => !was)}
      >
        {mobileOpen ? <X aria-hidden="true" /> : <Search aria-hidden="true" />}
      </Button>
      <Command
        ref={rootRef}
        data-testid="header-search"
        shouldFilter={false}
        loop
        value={activeKey ?? NONE}
        onValueChange={(key) => setActiveKey(key === NONE ? null : key)}
        onKeyDown={onKeyDown}
        className={cn(
          'md:relative md:ml-2 md:block md:max-w-md md:flex-1',
          mobileOpen
            ? 'max-md:absolute max-md:inset-x-0 max-md:top-full max-md:border-b max-md:border-border max-md:bg-background max-md:p-3 max-md:shadow-lg'
            : 'max-md:hidden',
        )}
      >
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            ref={inputRef}
            type="search"
            role="combobox"
            aria-label={SEARCH_TEXTS.label}
            aria-keyshortcuts="Control+K Meta+K"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listboxId : undefined}
            aria-activedescendant={open ? activeId : undefined}
            placeholder={SEARCH_TEXTS.searchPlaceholder}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={100}
            className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setDismissed(false);
              setActiveKey(null);
            }}
            onFocus={() => setDismissed(false)}
            onBlur={(event) => {
              // Tabbing away closes the panel (a click outside is handled above).
              const next = event.relatedTarget as Node | null;
              if (next && !rootRef.current?.contains(next) && !toggleRef.current?.contains(next)) {
                setDismissed(true);
                setActiveKey(null);
              }
            }}
            onClick={() => setDismissed(false)}
            onKeyDown={(event) => {
              // Home and End move the caret in the box, not the active option.
              if (event.key === 'Home' || event.key === 'End') event.stopPropagation();
            }}
          />
          {text === '' ? (
            <span
              aria-hidden="true"
              data-testid="search-shortcut"
              className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 md:block"
            >
              <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-sans text-[0.7rem] text-muted-foreground">
                {shortcut}
              </kbd>
            </span>
          ) : null}
          {pending && open ? (
            <LoaderCircle
              className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
              aria-hidden="true"
            />
          ) : null}
          {open ? (
            <div className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-lg border border-border bg-popover text-popover-foreground shadow-xl">
              <Command.List
                ref={listRef}
                label={SEARCH_TEXTS.label}
                className={cn(
                  'max-h-[min(70vh,28rem)] overflow-y-auto p-1',
                  options.length === 0 && 'hidden',
                )}
                // Keep the focus in the box while a row is clicked.
                onMouseDown={(event) => event.preventDefault()}
              >
                {GROUPS.map((group) => {
                  const rows = options.filter((o) => o.group === group.id);
                  if (rows.length === 0) return null;
                  return (
                    <Command.Group
                      key={group.id}
                      heading={group.label}
                      className="py-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-1 [&_[cmdk-group-heading]]:pb-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group-heading]]:uppercase"
                    >
                      {rows.map((option) => (
                        <Command.Item
                          key={option.key}
                          value={option.key}
                          aria-label={option.detail ? `${option.label}, ${option.detail}` : undefined}
                          onSelect={() => choose(option)}
                          className="flex min-h-10 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm select-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
                        >
                          <OptionIcon option={option} />
                          <span className="flex min-w-0 flex-col">
                            <span className="truncate">{option.label}</span>
                            {option.detail ? (
                              <span className="truncate text-xs text-muted-foreground">{option.detail}</span>
                            ) : null}
                          </span>
                        </Command.Item>
                      ))}
                    </Command.Group>
                  );
                })}
              </Command.List>
              {options.length === 0 ? (
                <p
                  role="status"
                  className="flex items-center justify-center gap-2 px-3 py-6 text-center text-sm text-muted-foreground"
                >
                  {noResults ? (
                    SEARCH_TEXTS.noResults
                  ) : (
                    <>
                      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
                      {SEARCH_TEXTS.searching}
                    </>
                  )}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </Command>
    </>
  );
}

const ICONS = {
  users: Package,
  events: Calendar,
  gear: Crosshair,
  products: Package,
  teams: Shield,
  fields: MapPin,
  stores: Store,
  news: Newspaper,
  tutorials: BookOpen,
} satisfies Record<GroupId, unknown>;

function OptionIcon({ option }: { option: Option }) {
  if (option.group === 'users')
    return (
      <span aria-hidden="true" className="shrink-0">
        <UserAvatar
          username={option.label}
          src={null}
          className="size-7"
          fallbackClassName="text-[0.65rem]"
        />
      </span>
    );
  const Icon = ICONS[option.group];
  return (
    <span
      aria-hidden="true"
      className="flex size-7 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground"
    >
      <Icon className="size-4" />
    </span>
  );
}
