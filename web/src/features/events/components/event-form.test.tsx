import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { anEvent, eventId } from '../test-data';
import { EventForm } from './event-form';
import { browserTimeZone } from './event-form-values';

/** Issue 20: the form's End and Time zone fields. */
function renderForm(
  extra: Record<string, (init: RequestInit & { url: string }) => Response> = {},
  editing = null as ReturnType<typeof anEvent> | null,
) {
  const fetchMock = mockFetch({
    ...signedIn(aUser({ role: 'admin' })),
    'GET /api/fields': () => json([]),
    ...extra,
  });
  renderApp(<EventForm editing={editing} />);
  return fetchMock;
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === method);
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

async function fillBasics() {
  await userEvent.type(screen.getByLabelText('Title'), 'Night op');
  await userEvent.type(screen.getByLabelText('Location'), 'Austin, TX');
}

describe('event form: end and time zone', () => {
  it("starts on the browser's zone, suggests every zone, and reads start and end in the chosen zone", async () => {
    const fetchMock = renderForm({ 'POST /api/events': () => json(anEvent(), 201) });
    const zone = screen.getByLabelText('Time zone');
    expect(zone).toHaveValue(browserTimeZone());
    expect(zone.getAttribute('list')).toBeTruthy();
    await fillBasics();
    await userEvent.type(screen.getByLabelText('Date and time'), '2031-01-10T10:00');
    await userEvent.type(screen.getByLabelText('End (optional)'), '2031-01-10T16:00');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'America/Chicago');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await screen.findByText('Event created successfully');
    expect(bodyOf(fetchMock, 'POST')).toMatchObject({
      date: '2031-01-10T16:00:00.000Z',
      endsAt: '2031-01-10T22:00:00.000Z',
      timeZone: 'America/Chicago',
    });
  });

  it('sends no end when it is left empty', async () => {
    const fetchMock = renderForm({ 'POST /api/events': () => json(anEvent(), 201) });
    await fillBasics();
    await userEvent.type(screen.getByLabelText('Date and time'), '2031-01-10T10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await screen.findByText('Event created successfully');
    expect(bodyOf(fetchMock, 'POST').endsAt).toBeNull();
  });

  it('says the end must be after the start, and an unknown zone, sending nothing', async () => {
    const fetchMock = renderForm();
    await fillBasics();
    await userEvent.type(screen.getByLabelText('Date and time'), '2031-01-10T10:00');
    await userEvent.type(screen.getByLabelText('End (optional)'), '2031-01-10T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('The end must be after the start')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Time zone'));
    await userEvent.type(screen.getByLabelText('Time zone'), 'Mars/Olympus');
    await userEvent.clear(screen.getByLabelText('End (optional)'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText(/IANA time zone/)).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST')).toBeUndefined();
  });

  it('edits show the times in the event zone', async () => {
    renderForm(
      {},
      anEvent({
        id: eventId(2),
        date: '2031-01-10T16:00:00.000Z',
        endsAt: '2031-01-10T22:00:00.000Z',
        timeZone: 'America/Chicago',
        canEdit: true,
      }),
    );
    expect(screen.getByLabelText('Date and time')).toHaveValue('2031-01-10T10:00');
    expect(screen.getByLabelText('End (optional)')).toHaveValue('2031-01-10T16:00');
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/Chicago');
  });
});
