import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderApp, signedOut } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS } from './filters';
import { FIND_TEXTS, FindFiltersBar } from './find-filters';

const LEEDS = { name: 'Leeds', region: 'West Yorkshire', country: 'United Kingdom', lat: 53.8, lng: -1.55 };

describe('the find filters’ place (the shared places picker)', () => {
  it('suggests places as a town is typed; picking one sets near, place and the default radius', async () => {
    const asked: string[] = [];
    mockFetch({
      ...signedOut(),
      'GET /api/places': ({ url }) => {
        asked.push(new URL(url, 'http://localhost').searchParams.get('q') ?? '');
        return json([LEEDS]);
      },
    });
    const onChange = vi.fn();
    renderApp(<FindFiltersBar filters={EMPTY_FILTERS} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: FIND_TEXTS.place });
    await userEvent.type(input, 'Lee');
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        expect.objectContaining({
          near: '53.8,-1.55',
          place: 'Leeds, West Yorkshire, United Kingdom',
          radius: expect.any(Number),
        }),
      ),
    );
    expect(asked.at(-1)).toBe('Lee');
  });
});
