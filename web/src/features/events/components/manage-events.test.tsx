import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { anEvent, eventId } from '../test-data';
import { ManageEvents } from './manage-events';

const admin = () => signedIn(aUser({ role: 'admin' }));
const editable = anEvent({
  canEdit: true,
  canDelete: true,
  capacity: 24,
  type: 'Training',
  title: 'Medic drills',
});

function renderManage(
  extra: Record<string, (init: RequestInit & { url: string }) => Response | Promise<Response>> = {},
) {
  const fetchMock = mockFetch({
    ...admin(),
    'GET /api/events': () => json([editable]),
    'GET /api/events/import/preset': () =>
      json({ name: 'Airsoft Calendar', url: 'https://example.com/feed.ics' }),
    ...extra,
  });
  renderApp(<ManageEvents />);
  return fetchMock;
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url) === path && (init as RequestInit | undefined)?.method === method,
  );
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

describe('manage events: the list of events', () => {
  it("shows each event's time in its own zone, with the zone", async () => {
    renderManage({
      'GET /api/events': () =>
        json([{ ...editable, date: '2027-01-10T16:00:00.000Z', timeZone: 'America/Chicago' }]),
    });
    const list = await screen.findByRole('list', { name: 'Events to manage' });
    expect(within(list).getByText(/Jan 10, 2027 - 10:00 AM CST/)).toBeInTheDocument();
  });
});

describe('manage events: form', () => {
  it("switches the heading from 'Create Event' to 'Edit Event' and back", async () => {
    renderManage();
    expect(screen.getByRole('heading', { name: 'Create Event' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Events to manage' });
    await userEvent.click(within(list).getByRole('button', { name: 'Edit Medic drills' }));
    expect(screen.getByRole('heading', { name: 'Edit Event' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Medic drills');
    expect(screen.getByLabelText('Capacity')).toHaveValue('24');
    expect(screen.getByLabelText('Type')).toHaveValue('Training');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Create Event' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('sends capacity 0 when it is not a number, with the date as an instant', async () => {
    const fetchMock = renderManage({ 'POST /api/events': () => json(anEvent(), 201) });
    await userEvent.type(screen.getByLabelText('Title'), 'Night op');
    await userEvent.type(screen.getByLabelText('Location'), 'Austin, TX');
    await userEvent.type(screen.getByLabelText('Date and time'), '2027-03-01T18:30');
    await userEvent.type(screen.getByLabelText('Capacity'), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Event created successfully')).toBeInTheDocument();
    const body = bodyOf(fetchMock, 'POST', '/api/events');
    expect(body).toMatchObject({
      title: 'Night op',
      location: 'Austin, TX',
      capacity: 0,
      type: 'Local',
      rules: null,
    });
    expect(body.date).toBe(new Date('2027-03-01T18:30').toISOString());
  });

  it('keeps the integer part of the capacity', async () => {
    const fetchMock = renderManage({ 'POST /api/events': () => json(anEvent(), 201) });
    await userEvent.type(screen.getByLabelText('Title'), 'Night op');
    await userEvent.type(screen.getByLabelText('Location'), 'Austin, TX');
    await userEvent.type(screen.getByLabelText('Date and time'), '2027-03-01T18:30');
    await userEvent.type(screen.getByLabelText('Capacity'), '40.7');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await screen.findByText('Event created successfully');
    expect(bodyOf(fetchMock, 'POST', '/api/events').capacity).toBe(40);
  });

  it('shows Required and sends nothing without a title', async () => {
    const fetchMock = renderManage();
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThan(0);
    expect(bodyOf(fetchMock, 'POST', '/api/events')).toBeUndefined();
  });

  it("says 'Failed to create event' with the server's message", async () => {
    renderManage({ 'POST /api/events': () => json({ message: 'Title is taken' }, 400) });
    await userEvent.type(screen.getByLabelText('Title'), 'Night op');
    await userEvent.type(screen.getByLabelText('Location'), 'Austin, TX');
    await userEvent.type(screen.getByLabelText('Date and time'), '2027-03-01T18:30');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Failed to create event')).toBeInTheDocument();
    expect(screen.getByText('Title is taken')).toBeInTheDocument();
  });

  it('fills the rules section from a preset and sends it', async () => {
    const fetchMock = renderManage({ 'POST /api/events': () => json(anEvent(), 201) });
    await userEvent.selectOptions(screen.getByLabelText('Preset'), 'UK standard');
    expect(screen.getByLabelText('This event has rules of engagement')).toBeChecked();
    expect(screen.getByLabelText(/AEG\/GBB power limit/)).toHaveValue('1.14');
    expect(screen.getByLabelText(/DMR min. engagement/)).toHaveValue('20');
    expect(screen.getByLabelText('Eye protection')).toHaveValue('full-seal');
    expect(screen.getByLabelText('Minimum age')).toHaveValue('12');
    await userEvent.type(screen.getByLabelText('Title'), 'Night op');
    await userEvent.type(screen.getByLabelText('Location'), 'Austin, TX');
    await userEvent.type(screen.getByLabelText('Date and time'), '2027-03-01T18:30');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await screen.findByText('Event created successfully');
    expect(bodyOf(fetchMock, 'POST', '/api/events').rules).toMatchObject({
      classes: { aeg: { joules: 1.14 }, sniper: { joules: 2.32, minEngagementM: 30 } },
      eyeProtection: 'full-seal',
      minimumAge: 12,
    });
  });

  it('saves an edit with PATCH', async () => {
    const fetchMock = renderManage({
      [`PATCH /api/events/${eventId(1)}`]: () => json({ ...editable, title: 'Medic drills II' }),
    });
    const list = await screen.findByRole('list', { name: 'Events to manage' });
    await userEvent.click(within(list).getByRole('button', { name: 'Edit Medic drills' }));
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.type(screen.getByLabelText('Title'), 'Medic drills II');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Event updated successfully')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH', `/api/events/${eventId(1)}`)).toMatchObject({
      title: 'Medic drills II',
      capacity: 24,
    });
    expect(screen.getByRole('heading', { name: 'Create Event' })).toBeInTheDocument();
  });
});

describe('manage events: list', () => {
  it('scrolls at 600 px and deletes after a confirmation', async () => {
    let stored = [editable];
    renderManage({
      'GET /api/events': () => json(stored),
      [`DELETE /api/events/${eventId(1)}`]: () => {
        stored = [];
        return new Response(null, { status: 204 });
      },
    });
    expect(screen.getByTestId('admin-event-list')).toHaveStyle({ height: '600px' });
    const list = await screen.findByRole('list', { name: 'Events to manage' });
    await userEvent.click(within(list).getByRole('button', { name: 'Delete Medic drills' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Event deleted successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Medic drills' })).not.toBeInTheDocument(),
    );
  });

  it("says 'Failed to delete event' when the delete fails", async () => {
    renderManage({ [`DELETE /api/events/${eventId(1)}`]: () => json({ message: 'Internal error' }, 500) });
    const list = await screen.findByRole('list', { name: 'Events to manage' });
    await userEvent.click(within(list).getByRole('button', { name: 'Delete Medic drills' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete event')).toBeInTheDocument();
  });
});

describe('manage events: import', () => {
  it('defaults to the preset (by name) and imports it', async () => {
    const fetchMock = renderManage({
      'POST /api/events/import': () => json({ added: 3, skipped: 1, updated: 0 }),
    });
    const source = screen.getByLabelText('Source');
    await waitFor(() =>
      expect(within(source).getByRole('option', { name: 'Airsoft Calendar' })).toBeInTheDocument(),
    );
    expect(source).toHaveValue('preset');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import Complete')).toBeInTheDocument();
    expect(screen.getByText('imported 3 events, skipped 1 duplicates')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/events/import')).toEqual({ source: 'preset' });
  });

  it('disables Import for custom until an address or a file is given', async () => {
    const fetchMock = renderManage({
      'POST /api/events/import': () => json({ message: 'Not a calendar' }, 400),
    });
    await userEvent.selectOptions(screen.getByLabelText('Source'), 'custom');
    const button = screen.getByRole('button', { name: 'Import' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Feed address'), 'https://example.com/events.ics');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(await screen.findByText('Import Failed')).toBeInTheDocument();
    expect(screen.getByText('Not a calendar')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/events/import')).toEqual({
      source: 'custom',
      url: 'https://example.com/events.ics',
    });
  });

  it('sends the text of a chosen .ics file', async () => {
    const fetchMock = renderManage({
      'POST /api/events/import': () => json({ added: 1, skipped: 0, updated: 0 }),
    });
    await userEvent.selectOptions(screen.getByLabelText('Source'), 'custom');
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    await userEvent.upload(
      screen.getByLabelText('Or an .ics file'),
      new File([ics], 'games.ics', { type: 'text/calendar' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('imported 1 events, skipped 0 duplicates')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST', '/api/events/import')).toEqual({ source: 'custom', ics });
  });
});
