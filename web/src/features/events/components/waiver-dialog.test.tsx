import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { anEvent, daysFromNow } from '../test-data';
import { EventRegistrationActions as RegistrationActions, SignWaiverAgain } from './waiver-registration';

const WAIVER = { version: 3, text: '# Risk\n\nI accept the **risks**.' };
const yearsBefore = (iso: string, years: number) => {
  const d = new Date(iso);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 5);
  return d.toISOString().slice(0, 10);
};

describe('registering for an event that requires a waiver', () => {
  it('shows the waiver rendered, asks for name and birth date, and registers with the answers', async () => {
    const event = anEvent({ date: daysFromNow(7), waiver: WAIVER, canRegister: true });
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`POST /api/events/${event.id}/registration`]: () =>
        json({ ...event, viewerStatus: 'registered', canRegister: false, canCancel: true }),
    });
    renderApp(<RegistrationActions event={event} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Version 3/)).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('heading', { name: 'Risk' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('risks').tagName).toBe('STRONG');
    const sign = within(dialog).getByRole('button', { name: 'Sign and register' });
    expect(sign).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Full name (as your signature)'), 'Sam Carter');
    const dob = yearsBefore(event.date, 30);
    await userEvent.type(within(dialog).getByLabelText('Date of birth'), dob);
    expect(within(dialog).queryByLabelText('Guardian’s phone')).not.toBeInTheDocument();
    await userEvent.click(sign);
    const call = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/registration') && init?.method === 'POST',
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      waiver: { fullName: 'Sam Carter', dateOfBirth: dob },
    });
    // Registered: the dialog closes.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The first render loads the Markdown renderer's chunk: slow on a busy machine.
  }, 60_000);

  it('a player under 18 gives a guardian’s name and phone before signing', async () => {
    const event = anEvent({ date: daysFromNow(7), waiver: WAIVER, canRegister: true });
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`POST /api/events/${event.id}/registration`]: () => json({ ...event, viewerStatus: 'registered' }),
    });
    renderApp(<RegistrationActions event={event} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Full name (as your signature)'), 'Kid Player');
    await userEvent.type(within(dialog).getByLabelText('Date of birth'), yearsBefore(event.date, 15));
    const sign = within(dialog).getByRole('button', { name: 'Sign and register' });
    expect(sign).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Guardian’s full name'), 'Pat Player');
    await userEvent.type(within(dialog).getByLabelText('Guardian’s phone'), '+44 7700 900123');
    await userEvent.click(sign);
    const call = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/registration') && init?.method === 'POST',
    );
    expect(JSON.parse(String(call?.[1]?.body)).waiver).toMatchObject({
      guardianName: 'Pat Player',
      guardianPhone: '+44 7700 900123',
    });
  });

  it('an event without a waiver registers at once, with no dialog', async () => {
    const event = anEvent({ date: daysFromNow(7), waiver: null, canRegister: true });
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`POST /api/events/${event.id}/registration`]: () => json({ ...event, viewerStatus: 'registered' }),
    });
    renderApp(<RegistrationActions event={event} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/events/${event.id}/registration`,
      expect.objectContaining({ method: 'POST', body: undefined }),
    );
  });
});

describe('a player on the event whose waiver changed since they signed', () => {
  it('is asked to sign the new version, and sends the answers again', async () => {
    const event = anEvent({
      date: daysFromNow(7),
      waiver: WAIVER,
      viewerStatus: 'registered',
      viewerWaiver: 'outdated',
      canRegister: false,
      canCancel: true,
    });
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`POST /api/events/${event.id}/registration`]: () => json({ ...event, viewerWaiver: 'signed' }),
    });
    renderApp(<SignWaiverAgain event={event} />);
    expect(
      screen.getByText('The waiver changed since you signed it: sign the new version.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign the new waiver' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Full name (as your signature)'), 'Sam Carter');
    const dob = yearsBefore(event.date, 30);
    await userEvent.type(within(dialog).getByLabelText('Date of birth'), dob);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign the new waiver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/registration') && init?.method === 'POST',
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      waiver: { fullName: 'Sam Carter', dateOfBirth: dob },
    });
  }, 60_000);

  it('asks a player who never signed (placed by their squad) to sign it', () => {
    renderApp(
      <SignWaiverAgain
        event={anEvent({ waiver: WAIVER, viewerStatus: 'registered', viewerWaiver: 'missing' })}
      />,
    );
    expect(screen.getByText(/requires a waiver you have not signed yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign the waiver' })).toBeInTheDocument();
  });

  it('shows nothing to a player whose signature is current, or who is not on the event', () => {
    const signed = anEvent({ waiver: WAIVER, viewerStatus: 'registered', viewerWaiver: 'signed' });
    const { unmount } = renderApp(<SignWaiverAgain event={signed} />);
    expect(screen.queryByRole('button', { name: 'Sign the new waiver' })).not.toBeInTheDocument();
    unmount();
    renderApp(<SignWaiverAgain event={anEvent({ waiver: WAIVER, viewerStatus: 'none' })} />);
    expect(screen.queryByRole('button', { name: 'Sign the new waiver' })).not.toBeInTheDocument();
  });

  it('arriving from a card’s Register (#register) opens the dialog at once, once', async () => {
    const event = anEvent({ date: daysFromNow(7), waiver: WAIVER, waiverRequired: true, canRegister: true });
    mockFetch(signedIn(aUser()));
    window.location.hash = '#register';
    try {
      renderApp(<RegistrationActions event={event} />);
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      window.location.hash = '';
    }
  }, 60_000);

  it('without #register, the dialog waits for Register', async () => {
    const event = anEvent({ date: daysFromNow(7), waiver: WAIVER, waiverRequired: true, canRegister: true });
    mockFetch(signedIn(aUser()));
    renderApp(<RegistrationActions event={event} />);
    expect(await screen.findByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
