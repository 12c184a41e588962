import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TOAST_DURATION_MS } from '@web/lib/constants';
import { toast } from '@web/lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';

const toastOf = (text: string) => screen.getByText(text).closest('[data-sonner-toast]');

describe('Toaster (SPEC §4, §9)', () => {
  it('shows a toast asked for before the region is mounted (sonner loads with the region)', async () => {
    act(() => {
      toast({ title: 'Saved early' });
    });
    render(<Toaster />);
    expect(await screen.findByText('Saved early')).toBeInTheDocument();
  });

  it('shows one toast at a time: a new one replaces the previous', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Profile updated' });
    });
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    act(() => {
      toast({ variant: 'destructive', title: 'Login failed', description: 'Invalid username or password' });
    });
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Profile updated')).not.toBeInTheDocument());
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  });

  it('marks errors destructive and keeps each text in the page once, in a polite live region', async () => {
    render(<Toaster />);
    act(() => {
      toast({ variant: 'destructive', title: 'Login failed', description: 'Invalid username or password' });
    });
    await screen.findByText('Login failed');
    expect(toastOf('Login failed')).toHaveClass('destructive');
    expect(document.body.textContent?.split('Login failed')).toHaveLength(2);
    expect(screen.getByText('Login failed').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    act(() => {
      toast({ title: 'Avatar updated' });
    });
    await screen.findByText('Avatar updated');
    expect(toastOf('Avatar updated')).not.toHaveClass('destructive');
  });

  it('closes a toast after 5000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(<Toaster />);
      act(() => {
        toast({ title: 'Account deleted' });
      });
      await vi.waitFor(() => expect(screen.getByText('Account deleted')).toBeInTheDocument());
      act(() => {
        vi.advanceTimersByTime(TOAST_DURATION_MS - 500);
      });
      expect(screen.getByText('Account deleted')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      await vi.waitFor(() => expect(screen.queryByText('Account deleted')).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('focuses the toast region on F8 and closes the toast on Escape before anything else', async () => {
    const onDocumentEscape = vi.fn((event: KeyboardEvent) => event.key === 'Escape');
    const escapes = () => onDocumentEscape.mock.results.filter((r) => r.value).length;
    document.addEventListener('keydown', onDocumentEscape, { capture: true });
    render(<Toaster />);
    act(() => {
      toast({ title: 'Link copied' });
    });
    await screen.findByText('Link copied');
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(document.activeElement).toBe(screen.getByText('Link copied').closest('ol'));
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' });
    expect(escapes()).toBe(0);
    await waitFor(() => expect(screen.queryByText('Link copied')).not.toBeInTheDocument());
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape' });
    expect(escapes()).toBe(1);
    document.removeEventListener('keydown', onDocumentEscape, { capture: true });
  });

  it('dismisses a toast swiped right, not one swiped left', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Post created' });
    });
    await screen.findByText('Post created');
    const swipe = (dx: number) => {
      const el = toastOf('Post created') as HTMLElement;
      fireEvent.pointerDown(el, { clientX: 100, clientY: 10, pointerId: 1, button: 0 });
      // The first move picks the axis, the next one moves along it.
      fireEvent.pointerMove(el, { clientX: 100 + Math.sign(dx) * 5, clientY: 10, pointerId: 1 });
      fireEvent.pointerMove(el, { clientX: 100 + dx, clientY: 10, pointerId: 1 });
      fireEvent.pointerUp(el, { clientX: 100 + dx, clientY: 10, pointerId: 1 });
    };
    swipe(-120);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(toastOf('Post created')).not.toHaveAttribute('data-removed', 'true');
    expect(screen.getByText('Post created')).toBeInTheDocument();
    swipe(120);
    await waitFor(() => expect(screen.queryByText('Post created')).not.toBeInTheDocument(), {
      timeout: 1000,
    });
  });
});
