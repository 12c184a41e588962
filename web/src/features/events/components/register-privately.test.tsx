import { EVENT_SOCIAL_TEXTS } from '@contract/event-social';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { anEvent, daysFromNow } from '../test-data';
import { EventRegistrationActions } from './waiver-registration';

describe('Register privately (issue 26)', () => {
  it('sends private: true when the box is ticked', async () => {
    const event = anEvent({ date: daysFromNow(7), canRegister: true, waiver: null, sides: [] });
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [`POST /api/events/${event.id}/registration`]: () =>
        json({ ...event, viewerStatus: 'registered', canRegister: false, canCancel: true }),
    });
    renderApp(<EventRegistrationActions event={event} />);
    const box = await screen.findByRole('checkbox', { name: EVENT_SOCIAL_TEXTS.registerPrivately });
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url).endsWith('/registration') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
    const call = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/registration') && init?.method === 'POST',
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ private: true });
  }, 30_000);
});
