import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp } from '@web/test/utils';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderSearch } from './header-search';

const PLAYERS = ['viper_actual', 'viper_two', 'vipersix', 'viper_four'].map((username, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  username,
}));
const EVENTS = ['Operation Viper', 'Viper Night', 'Viper CQB', 'Viper Finale'].map((title, i) => ({
  id: `00000000-0000-4000-8000-00000000001${i}`,
  title,
}));
const GEAR = ['Viper AEG', 'Viper vest', 'Viper mask', 'Viper sling', 'Viper mag', 'Viper six'].map(
  (name, i) => ({ id: `00000000-0000-4000-8000-00000000002${i}`, name }),
);

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const EVERY = {
  users: PLAYERS,
  events: EVENTS,
  gear: [{ id: id(40), title: 'Viper HPA M4', category: 'Rifles', username: 'viper_actual' }],
  products: GEAR,
  teams: [{ id: id(50), name: 'Viper Squad', location: 'Leeds' }],
  fields: [{ id: id(60), name: 'Viper Woods', address: null }],
  stores: [{ id: id(70), name: 'Viper Tactical', region: 'Ontario', country: 'Canada' }],
  news: [{ id: id(80), title: 'Viper league news' }],
  tutorials: [{ id: id(90), title: 'Viper flanking', category: 'Tactics' }],
};
const EMPTY = Object.fromEntries(Object.keys(EVERY).map((k) => [k, []]));
/** The answer of GET /api/search: players, events and products (3 groups, 9 rows) unless told. */
const ANSWER = { ...EMPTY, users: PLAYERS, events: EVENTS, products: GEAR };

type Answer = () => Response | Promise<Response>;
const searches = (answer: Answer = () => json(ANSWER)) => ({ 'GET /api/search': answer });

const searchCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/search'));

function FullLocation() {
  const location = useLocation();
  return <div data-testid="full-location">{location.pathname + location.search}</div>;
}

function expectOptions(group: HTMLElement, names: string[]) {
  const options = within(group).getAllByRole('option');
  expect(options).toHaveLength(names.length);
  for (const [i, name] of names.entries()) expect(options[i]).toHaveAccessibleName(name);
}

const box = () => screen.getByRole('combobox', { name: 'Search' });

afterEach(() => vi.useRealTimers());

describe('header search', () => {
  it('asks the three searches together, once, 300 ms after the last keystroke and only from 2 trimmed characters', async () => {
    vi.useFakeTimers();
    const fetchMock = mockFetch(searches());
    renderApp(<HeaderSearch />);
    const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

    fireEvent.change(box(), { target: { value: ' v ' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(searchCalls(fetchMock)).toEqual([]);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.change(box(), { target: { value: 'vip' } });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Searching...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(box(), { target: { value: 'vipe ' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(searchCalls(fetchMock)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    // One round trip for the whole panel.
    expect(searchCalls(fetchMock)).toEqual(['/api/search?q=vipe']);
    for (let i = 0; i < 5; i++) await flush();
    expect(screen.getAllByRole('option')).toHaveLength(9);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(searchCalls(fetchMock)).toHaveLength(1);
  });

  it('shows up to 3 players, events and products, in labelled groups, and hides an empty group', async () => {
    mockFetch(searches(() => json({ ...ANSWER, events: [] })));
    renderApp(<HeaderSearch />);
    await userEvent.type(box(), 'viper');
    const players = await screen.findByRole('group', { name: 'Players' });
    const listbox = screen.getByRole('listbox');
    expect(box()).toHaveAttribute('aria-controls', listbox.id);
    expectOptions(players, ['viper_actual', 'viper_two', 'vipersix']);
    const products = within(listbox).getByRole('group', { name: 'Products' });
    expectOptions(products, ['Viper AEG', 'Viper vest', 'Viper mask']);
    expect(within(listbox).queryByRole('group', { name: 'Events' })).toBeNull();
    expect(screen.queryByText('No results found.')).toBeNull();
  });

  it('a failed search shows no results (logged as Search failed)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(searches(() => json({ message: 'down' }, 500)));
    renderApp(<HeaderSearch />);
    await userEvent.type(box(), 'viper');
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Search failed', expect.anything());
  });

  it('shows every group that has results, with its heading, in order', async () => {
    mockFetch(searches(() => json(EVERY)));
    renderApp(<HeaderSearch />);
    await userEvent.type(box(), 'viper');
    await screen.findByRole('group', { name: 'Players' });
    const headings = screen.getAllByRole('group').map((g) => g.getAttribute('aria-labelledby'));
    expect(headings).toHaveLength(9);
    expect(screen.getAllByRole('group').map((g) => within(g).getAllByRole('option').length)).toEqual([
      3, 3, 1, 3, 1, 1, 1, 1, 1,
    ]);
    for (const name of [
      'Players',
      'Events',
      'Gear',
      'Products',
      'Teams',
      'Fields',
      'Stores',
      'News',
      'Tutorials',
    ])
      expect(screen.getByRole('group', { name })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Gear' })).getByRole('option')).toHaveAccessibleName(
      'Viper HPA M4, Rifles · viper_actual',
    );
  });

  it.each([
    ['Viper HPA M4, Rifles · viper_actual', '/profile/viper_actual'],
    ['Viper Night', `/events/${EVENTS[1].id}`],
    ['Viper mask', `/products/${GEAR[2].id}`],
    ['Viper Squad, Leeds', `/teams/${id(50)}`],
    ['Viper Woods', `/fields/${id(60)}`],
    ['Viper Tactical, Ontario', '/stores?country=Canada&region=Ontario'],
    ['Viper league news', `/news/${id(80)}`],
    ['Viper flanking, Tactics', `/tutorials/${id(90)}`],
  ])('choosing %s opens %s', async (name, path) => {
    mockFetch(searches(() => json(EVERY)));
    renderApp(
      <>
        <HeaderSearch />
        <FullLocation />
      </>,
      { route: '/teams' },
    );
    await userEvent.type(box(), 'viper');
    await userEvent.click(await screen.findByRole('option', { name }));
    expect(screen.getByTestId('full-location').textContent).toBe(path);
    expect(box()).toHaveValue('');
  });

  it('Ctrl-K and Cmd-K focus the search box from anywhere; the box shows the shortcut', async () => {
    mockFetch(searches());
    renderApp(
      <>
        <HeaderSearch />
        <button type="button">elsewhere</button>
      </>,
    );
    expect(screen.getByTestId('search-shortcut')).toHaveTextContent(/K/);
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(box()).toHaveFocus();
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    await userEvent.keyboard('{Meta>}k{/Meta}');
    expect(box()).toHaveFocus();
    // A plain k is typed, not a shortcut.
    await userEvent.keyboard('vi');
    expect(box()).toHaveValue('vi');
    expect(screen.queryByTestId('search-shortcut')).toBeNull();
  });

  it("shows 'No results found.' once every group is empty, not while they are on the way", async () => {
    let answer: (r: Response) => void = () => {};
    const late = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    mockFetch(searches(() => late));
    renderApp(<HeaderSearch />);
    await userEvent.type(box(), 'zzqqxx');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Searching...'));
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByText('No results found.')).toBeNull();
    answer(json(EMPTY));
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('closes and empties the results below 2 characters', async () => {
    mockFetch(searches());
    renderApp(<HeaderSearch />);
    await userEvent.type(box(), 'vi');
    expect(await screen.findAllByRole('option')).toHaveLength(9);
    await userEvent.type(box(), '{Backspace}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('v');
    // Reopened: the old results are gone; the panel waits for the new answer.
    await userEvent.type(box(), 'x');
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');
    expect(await screen.findAllByRole('option')).toHaveLength(9);
  });

  it('choosing a player goes to /profile/{username}, closes the panel and clears the text', async () => {
    mockFetch(searches());
    renderApp(<HeaderSearch />, { route: '/teams' });
    await userEvent.type(box(), 'viper');
    await userEvent.click(await screen.findByRole('option', { name: 'viper_two' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/viper_two');
    expect(box()).toHaveValue('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it.each([
    ['Viper Night', `/events/${EVENTS[1].id}`],
    ['Viper mask', `/products/${GEAR[2].id}`],
  ])('choosing %s (an event or a product) goes to %s', async (name, path) => {
    mockFetch(searches());
    renderApp(<HeaderSearch />, { route: '/teams' });
    await userEvent.type(box(), 'viper');
    await userEvent.click(await screen.findByRole('option', { name }));
    expect(screen.getByTestId('location').textContent).toBe(path);
    expect(box()).toHaveValue('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keyboard: arrows move the active option, Enter chooses it, Escape closes', async () => {
    mockFetch(searches());
    renderApp(<HeaderSearch />, { route: '/teams' });
    await userEvent.type(box(), 'viper');
    const options = await screen.findAllByRole('option');
    expect(box()).not.toHaveAttribute('aria-activedescendant');

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[8]?.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0]?.id);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('viper');

    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/viper_two');
    expect(box()).toHaveValue('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a click outside closes the panel', async () => {
    mockFetch(searches());
    renderApp(
      <>
        <HeaderSearch />
        <button type="button">elsewhere</button>
      </>,
    );
    await userEvent.type(box(), 'viper');
    await screen.findByRole('listbox');
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('below md an icon button opens and closes the search field', async () => {
    mockFetch(searches());
    renderApp(<HeaderSearch />);
    const field = screen.getByTestId('header-search');
    expect(field).toHaveClass('max-md:hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Open search' }));
    expect(field).not.toHaveClass('max-md:hidden');
    expect(box()).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(field).toHaveClass('max-md:hidden');
    expect(screen.getByRole('button', { name: 'Open search' })).toHaveFocus();
  });
});
