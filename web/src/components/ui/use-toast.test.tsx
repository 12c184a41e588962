import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from './toaster';
import { reducer, TOAST_LIMIT, TOAST_REMOVE_DELAY, toast } from './use-toast';

describe('toast reducer', () => {
  it('keeps one toast: a new one replaces the previous', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1000000);
    let state = reducer(
      { toasts: [] },
      { type: 'ADD_TOAST', toast: { id: '1', title: 'First', open: true } },
    );
    state = reducer(state, { type: 'ADD_TOAST', toast: { id: '2', title: 'Second', open: true } });
    expect(state.toasts).toHaveLength(1);
    expect(state.toasts[0]).toMatchObject({ id: '2', title: 'Second' });
  });

  it('closes on dismiss and drops on remove', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', open: true } });
    state = reducer(state, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts[0].open).toBe(false);
    state = reducer(state, { type: 'REMOVE_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([]);
  });

  it('updates a toast in place', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: { id: '1', title: 'Old', open: true } });
    state = reducer(state, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'New' } });
    expect(state.toasts[0].title).toBe('New');
  });
});

describe('Toaster', () => {
  it('shows only the newest toast', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Profile updated' });
    });
    expect(screen.getByText('Profile updated')).toBeInTheDocument();
    act(() => {
      toast({ variant: 'destructive', title: 'Login failed', description: 'Invalid username or password' });
    });
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
    expect(screen.getByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
  });

  it('puts each toast text in the page once, inside a polite live region', async () => {
    render(<Toaster />);
    act(() => {
      toast({ variant: 'destructive', title: 'Login failed', description: 'Invalid username or password' });
    });
    // Radix would add a hidden copy for screen readers on the next frame; wait past it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.body.textContent?.split('Login failed')).toHaveLength(2);
    expect(screen.getByText('Login failed').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });
});
