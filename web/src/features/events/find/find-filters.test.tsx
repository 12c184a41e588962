import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { EventsSection } from '../components/events-section';

/** jsdom's matchMedia (test/setup.ts) matches nothing: a phone. `wide` makes `md` match: a desktop. */
const original = window.matchMedia;
function useWidth(wide: boolean) {
  window.matchMedia = (query: string) =>
    ({ ...original(query), matches: wide && query.includes('min-width') }) as MediaQueryList;
}
afterEach(() => {
  window.matchMedia = original;
});

const search = () => screen.getByTestId('location').getAttribute('data-search') ?? '';

describe('the filters on a phone (issue 26)', () => {
  it('says "Filters" with none set, and no inline bar', async () => {
    mockFetch({ ...signedOut(), 'GET /api/events': () => json([]) });
    renderApp(<EventsSection initialView="grid" />, { route: '/events' });
    expect(await screen.findByRole('button', { name: 'Filters' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByTestId('find-filters')).not.toBeInTheDocument();
  });

  it('counts the filters set, opens a sheet with the same controls, and Escape closes it', async () => {
    mockFetch({ ...signedOut(), 'GET /api/events': () => json([]) });
    renderApp(<EventsSection initialView="grid" />, {
      route: '/events?view=grid&placesLeft=true&beginner=true&from=2030-01-05&to=2030-01-06',
    });
    const button = await screen.findByRole('button', { name: 'Filters (3)' });
    await userEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('checkbox', { name: 'Places left' })).toBeChecked();
    expect(within(sheet).getByRole('checkbox', { name: 'Beginner-friendly' })).toBeChecked();
    expect(within(sheet).getByLabelText('From')).toHaveValue('2030-01-05');
    // Focus is kept inside the sheet.
    expect(sheet).toContainElement(document.activeElement as HTMLElement);

    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'Places left' }));
    await waitFor(() => expect(search()).not.toContain('placesLeft'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toHaveFocus();
  });

  it('"Show results" closes the sheet', async () => {
    mockFetch({ ...signedOut(), 'GET /api/events': () => json([]) });
    renderApp(<EventsSection initialView="grid" />, { route: '/events?view=grid' });
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'Beginner-friendly' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    expect(search()).toContain('beginner=true');
  });

  it('keeps the inline bar from md up (no Filters button)', async () => {
    useWidth(true);
    mockFetch({ ...signedOut(), 'GET /api/events': () => json([]) });
    renderApp(<EventsSection initialView="grid" />, { route: '/events?view=grid&beginner=true' });
    const bar = await screen.findByTestId('find-filters');
    expect(within(bar).getByRole('checkbox', { name: 'Beginner-friendly' })).toBeChecked();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });
});
