import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { MobileBar } from './mobile-bar';

describe('mobile bar', () => {
  it('has five tabs and only moves the highlight, without navigating', async () => {
    renderApp(<MobileBar />, { route: '/teams' });
    const names = ['Feed', 'Events', 'Create', 'Map', 'Profile'];
    for (const name of names) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Feed' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Map' }));
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    for (const name of names.filter((n) => n !== 'Map')) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    await userEvent.click(screen.getByRole('button', { name: 'Profile' }));
    expect(screen.getByRole('button', { name: 'Profile' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/teams');
  });
});
