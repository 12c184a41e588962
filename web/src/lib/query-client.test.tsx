import { act, render, screen } from '@testing-library/react';
import { Toaster } from '@web/components/ui/toaster';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { createQueryClient } from './query-client';

describe('query client defaults (SPEC §9)', () => {
  it('never retries, never refetches on focus or interval, and data never goes stale', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(mutations?.retry).toBe(false);
  });
});

describe('a failed mutation shows the toast of its meta (one place for every mutation)', () => {
  async function run(error: Error, errorToast?: { title: string; fallback?: string; variant?: 'default' }) {
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(error),
      meta: errorToast ? { errorToast } : undefined,
    });
    await act(async () => {
      await mutation.execute(undefined).catch(() => {});
    });
  }

  it("prefers the server's message", async () => {
    render(<Toaster />);
    await run(new ApiError(400, '400: {...}', 'Your text contains a blocked word. Please rephrase it.'), {
      title: 'Error',
      fallback: 'Failed to create post',
    });
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Your text contains a blocked word. Please rephrase it.')).toBeInTheDocument();
    expect(screen.getByText('Error').closest('[data-sonner-toast]')).toHaveClass('destructive');
  });

  it('falls back to the text of the meta when the server sent no message', async () => {
    render(<Toaster />);
    await run(new ApiError(502, '502: Bad Gateway'), { title: 'Error', fallback: 'Failed to post comment' });
    expect(await screen.findByText('Failed to post comment')).toBeInTheDocument();
  });

  it('uses the error message without a fallback, and the variant the meta asks for', async () => {
    render(<Toaster />);
    await run(new ApiError(409, '409: taken', 'Username is already taken'), {
      title: 'Registration failed',
      variant: 'default',
    });
    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    expect(screen.getByText('Registration failed').closest('[data-sonner-toast]')).not.toHaveClass(
      'destructive',
    );
  });

  it('stays silent for a mutation without an error toast (the like rolls back silently)', async () => {
    render(<Toaster />);
    await run(new Error('offline'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });
});
