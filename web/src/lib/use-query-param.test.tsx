import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { anyText, useQueryParam, useSetQuery } from './use-query-param';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

let write: (patch: Record<string, string | null>) => void = () => {};
let go: (to: string) => void = () => {};

function List() {
  const [q] = useQueryParam<string>('q', anyText(), '');
  write = useSetQuery();
  go = useNavigate();
  return <p>term: {q || 'none'}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/teams" element={<List />} />
        <Route path="/teams/:id" element={<p>team page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

describe('useSetQuery', () => {
  it('writes the patch into the address and removes empty values', () => {
    renderAt('/teams?playStyle=milsim');
    act(() => write({ q: 'wolf', playStyle: null }));
    expect(screen.getByTestId('where').textContent).toBe('/teams?q=wolf');
    expect(screen.getByText('term: wolf')).toBeTruthy();
  });

  it('drops a late write once the player has gone to another page', () => {
    renderAt('/teams');
    const late = write;
    act(() => {
      go('/teams/abc');
      // The debounced term lands in the same tick, before the new page has rendered.
      late({ q: 'wolf' });
    });
    expect(screen.getByTestId('where').textContent).toBe('/teams/abc');
    expect(screen.getByText('team page')).toBeTruthy();
  });
});
