import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { AdminList, type AdminListProps } from './admin-list';

type Item = { id: string; title: string; canEdit?: boolean; canDelete?: boolean };

const TEXTS = {
  heading: 'Things',
  empty: 'No things yet.',
  fetchFailed: 'Failed to fetch things',
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Delete this thing?',
  deleteDescription: 'The thing is removed for good.',
  deleted: 'Thing deleted successfully',
  loadMore: 'Load more',
};
const loaded = { isPending: false, isError: false, data: [] };
const items: Item[] = [
  { id: 'a', title: 'Alpha', canEdit: true, canDelete: true },
  { id: 'b', title: 'Bravo', canEdit: false, canDelete: false },
];

function list(props: Partial<AdminListProps<Item>> = {}) {
  return (
    <AdminList<Item>
      id="things-list"
      texts={TEXTS}
      query={loaded}
      items={items}
      name={(i) => i.title}
      details={(i) => `details of ${i.title}`}
      onEdit={() => {}}
      {...props}
    />
  );
}

const remover = (mutateAsync: (id: string) => Promise<unknown> = async () => undefined) => ({
  mutateAsync: vi.fn(mutateAsync),
  isPending: false,
});

describe('AdminList', () => {
  it('shows the loading skeletons, then the error line without data, then the empty line', () => {
    const { rerender } = render(list({ query: { isPending: true, isError: false }, items: [] }));
    expect(screen.getByRole('heading', { name: 'Things' })).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    rerender(list({ query: { isPending: false, isError: true }, items: [] }));
    expect(screen.getByText('Failed to fetch things')).toBeInTheDocument();
    rerender(list({ items: [] }));
    expect(screen.getByText('No things yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists the items by name and second line, with Edit and Delete as each item allows, extra actions first', async () => {
    const onEdit = vi.fn();
    renderApp(
      list({
        onEdit,
        remove: remover(),
        selectedId: 'a',
        actions: (i) => <button type="button">Look at {i.title}</button>,
      }),
    );
    const ul = screen.getByRole('list', { name: 'Things' });
    const [alpha, bravo] = within(ul).getAllByRole('listitem');
    expect(within(alpha).getByText('details of Alpha')).toBeInTheDocument();
    expect(
      within(alpha)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Look at Alpha', 'Edit Alpha', 'Delete Alpha']);
    expect(
      within(bravo)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Look at Bravo']);
    expect(alpha.firstElementChild).toHaveClass('border-primary');
    expect(bravo.firstElementChild).not.toHaveClass('border-primary');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Alpha' }));
    expect(onEdit).toHaveBeenCalledWith(items[0]);
  });

  it('shows no Delete without a delete mutation', () => {
    renderApp(list());
    expect(screen.getByRole('button', { name: 'Edit Alpha' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Alpha' })).not.toBeInTheDocument();
  });

  it('deletes only after the confirmation, then says so and tells the page', async () => {
    const remove = remover();
    const onDeleted = vi.fn();
    renderApp(list({ remove, onDeleted }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Alpha' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete this thing?')).toBeInTheDocument();
    expect(within(dialog).getByText('“Alpha” — The thing is removed for good.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(remove.mutateAsync).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Alpha' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Thing deleted successfully')).toBeInTheDocument();
    expect(remove.mutateAsync).toHaveBeenCalledWith('a');
    expect(onDeleted).toHaveBeenCalledWith(items[0]);
  });

  it('keeps Delete quiet (not red) in the list; the confirmation holds the red button', async () => {
    renderApp(list({ remove: { mutateAsync: vi.fn(async () => undefined), isPending: false } }));
    const button = screen.getByRole('button', { name: 'Delete Alpha' });
    expect(button.className).not.toMatch(/destructive/);
    await userEvent.click(button);
    const confirm = within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' });
    expect(confirm.className).toMatch(/bg-destructive/);
  });

  it('neither says deleted nor tells the page when the delete fails', async () => {
    const remove = remover(async () => {
      throw new Error('refused');
    });
    const onDeleted = vi.fn();
    renderApp(list({ remove, onDeleted }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Alpha' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(remove.mutateAsync).toHaveBeenCalledWith('a'));
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.queryByText('Thing deleted successfully')).not.toBeInTheDocument();
  });

  it('disables the Delete of the item being deleted', () => {
    renderApp(list({ remove: { mutateAsync: async () => undefined, isPending: true, variables: 'a' } }));
    expect(screen.getByRole('button', { name: 'Delete Alpha' })).toBeDisabled();
  });

  it('offers Load more only when asked for and there is a next page', async () => {
    const fetchNextPage = vi.fn(async () => undefined);
    const { rerender } = render(list({ query: { ...loaded, hasNextPage: true, fetchNextPage } }));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
    rerender(list({ query: { ...loaded, hasNextPage: true, isFetchingNextPage: true, fetchNextPage } }));
    expect(screen.getByRole('button', { name: 'Load more' })).toBeDisabled();
    rerender(list({ query: { ...loaded, hasNextPage: false, fetchNextPage } }));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    rerender(
      list({
        texts: { ...TEXTS, loadMore: undefined },
        query: { ...loaded, hasNextPage: true, fetchNextPage },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
