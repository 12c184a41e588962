import { z } from '@contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from '@web/components/ui/input';
import { ApiError } from '@web/lib/api';
import { renderApp } from '@web/test/utils';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AdminForm, useAdminForm } from './admin-form';

type Thing = { id: string; name: string };
const schema = z.object({ name: z.string().trim().min(1, 'Name is required') });
const TEXTS = {
  createHeading: 'Add Thing',
  editHeading: 'Edit Thing',
  create: 'Add',
  creating: 'Adding...',
  update: 'Update',
  updating: 'Updating...',
  cancel: 'Cancel',
  created: 'Thing created successfully',
  updated: 'Thing updated successfully',
};

type Options = { onSuccess: () => void; onError: (error: unknown) => void };
/** A mutation that answers as `answer` says (or never, leaving it pending). */
function mutation<V>(answer: 'ok' | Error | 'pending' = 'ok') {
  return {
    mutate: vi.fn((_: V, o: Options) => {
      if (answer === 'ok') o.onSuccess();
      else if (answer !== 'pending') o.onError(answer);
    }),
    isPending: answer === 'pending',
  };
}

function ThingForm({
  editing,
  onDone,
  create = mutation(),
  update = mutation(),
}: {
  editing: Thing | null;
  onDone: () => void;
  create?: ReturnType<typeof mutation<{ name: string }>>;
  update?: ReturnType<typeof mutation<{ id: string; body: { name: string } }>>;
}) {
  const { bind, row, formProps } = useAdminForm({
    editing,
    resolver: zodResolver(schema),
    empty: () => ({ name: '' }),
    toValues: (t: Thing) => ({ name: t.name }),
    fields: ['name'] as const,
    create,
    update,
    texts: TEXTS,
    onDone,
  });
  return (
    <AdminForm {...formProps}>
      {row('name', 'Name', <Input {...bind('name')} />, <p>Names are unique.</p>)}
    </AdminForm>
  );
}

/** Edits Bravo until Stop editing. */
function EditThenStop(props: Pick<Parameters<typeof ThingForm>[0], 'onDone' | 'update'>) {
  const [editing, setEditing] = useState<Thing | null>({ id: 't1', name: 'Bravo' });
  return (
    <>
      <button type="button" onClick={() => setEditing(null)}>
        Stop editing
      </button>
      <ThingForm editing={editing} {...props} />
    </>
  );
}

describe('useAdminForm and AdminForm', () => {
  it('creates: judges the values first, sends the parsed body, says so, empties the form and is done', async () => {
    const create = mutation<{ name: string }>();
    const onDone = vi.fn();
    renderApp(<ThingForm editing={null} onDone={onDone} create={create} />);
    expect(screen.getByRole('heading', { name: 'Add Thing' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add Thing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByText('Names are unique.').nextElementSibling).toHaveTextContent('Name is required');
    expect(create.mutate).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Name'), '  Alpha ');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Thing created successfully')).toBeInTheDocument();
    expect(create.mutate.mock.calls[0][0]).toEqual({ name: 'Alpha' });
    expect(onDone).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
  });

  it('edits: the item’s values, an update with its id, Cancel, and back to create mode with the empty values', async () => {
    const update = mutation<{ id: string; body: { name: string } }>();
    const onDone = vi.fn();
    renderApp(<EditThenStop onDone={onDone} update={update} />);
    expect(screen.getByRole('heading', { name: 'Edit Thing' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Bravo');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledOnce();
    expect(update.mutate).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Name'), ' Two');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Thing updated successfully')).toBeInTheDocument();
    expect(update.mutate.mock.calls[0][0]).toEqual({ id: 't1', body: { name: 'Bravo Two' } });
    expect(onDone).toHaveBeenCalledTimes(2);

    await userEvent.type(screen.getByLabelText('Name'), ' Three');
    await userEvent.click(screen.getByRole('button', { name: 'Stop editing' }));
    expect(await screen.findByRole('heading', { name: 'Add Thing' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
  });

  it('puts the server’s field errors on their fields and is not done', async () => {
    const refused = new ApiError(400, 'Bad request', 'Invalid', { name: ['Name is taken'], other: ['x'] });
    const onDone = vi.fn();
    renderApp(<ThingForm editing={null} onDone={onDone} create={mutation(refused)} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Alpha');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Name is taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('Alpha');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says Adding... or Updating... and disables its buttons while saving', () => {
    const { unmount } = renderApp(
      <ThingForm editing={null} onDone={() => {}} create={mutation('pending')} />,
    );
    expect(screen.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    unmount();
    renderApp(
      <ThingForm editing={{ id: 't1', name: 'Bravo' }} onDone={() => {}} update={mutation('pending')} />,
    );
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
