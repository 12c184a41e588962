import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp } from '@web/test/utils';
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

type Answer = () => Response | Promise<Response>;
const searches = ({
  users = () => json(PLAYERS),
  events = () => json(EVENTS),
  products = () => json({ products: GEAR }),
}: {
  users?: Answer;
  events?: Answer;
  products?: Answer;
} = {}) => ({
  'GET /api/users/search': users,
  'GET /api/events/search': events,
  'GET /api/products': products,
});

const SEARCH_PATHS = ['/api/users/search', '/api/events/search', '/api/products'];
const searchCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => SEARCH_PATHS.some((p) => url.startsWith(p)))
    .sort();

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
    expect(searchCalls(fetchMock)).toEqual([
      '/api/events/search?q=vipe',
      '/api/products?search=vipe',
      '/api/users/search?q=vipe',
    ]);
    for (let i = 0; i < 5; i++) await flush();
    expect(screen.getAllByRole('option')).toHaveLength(9);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(searchCalls(fetchMock)).toHaveLength(3);
  });

  it('shows up to 3 players, events and gear items, in labelled groups, and hides an empty group', async () => {
    mockFetch(searches({ events: () => json([]) }));
    renderApp(<HeaderSearch />);
    await userEvent.type(box(), 'viper');
    const players = await screen.findByRole('group', { name: 'Players' });
    const listbox = screen.getByRole('listbox');
    expect(box()).toHaveAttribute('aria-controls', listbox.id);
    expectOptions(players, ['viper_actual', 'viper_two', 'vipersix']);
    const gear = within(listbox).getByRole('group', { name: 'Gear' });
    expectOptions(gear, ['Viper AEG', 'Viper vest', 'Viper mask']);
    expect(within(listbox).queryByRole('group', { name: 'Events' })).toBeNull();
    expect(screen.queryByText('No results found.')).toBeNull();
  });

  it('a failed search empties its group only (logged as Search failed)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(searches({ users: () => json({ message: 'down' }, 500) }));
    renderApp(<HeaderSearch />);
    await userEvent.type(box(), 'viper');
    const events = await screen.findByRole('group', { name: 'Events' });
    expect(within(events).getAllByRole('option')).toHaveLength(3);
    expect(screen.getByRole('group', { name: 'Gear' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Players' })).toBeNull();
    expect(warn).toHaveBeenCalledWith('Search failed', expect.anything());
  });

  it("shows 'No results found.' once all three answers are empty, not while they are on the way", async () => {
    let answer: (r: Response) => void = () => {};
    const late = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    mockFetch(searches({ users: () => json([]), events: () => json([]), products: () => late }));
    renderApp(<HeaderSearch />);
    await userEvent.type(box(), 'zzqqxx');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Searching...'));
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByText('No results found.')).toBeNull();
    answer(json({ products: [] }));
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
  ])('choosing %s (an event or a gear item) goes to %s', async (name, path) => {
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
