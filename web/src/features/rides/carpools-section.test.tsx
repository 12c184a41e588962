import type { Event } from '@contract/events';
import { RIDES_TEXTS, type Ride, type RideRequest, type RidesAnswer } from '@contract/rides';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it, vi } from 'vitest';
import { CarpoolsSection } from './carpools-section';

const EVENT = { id: '30000000-0000-4000-8000-000000000001', timeZone: 'UTC' } as Event;
const RIDE = '40000000-0000-4000-8000-000000000001';
const REQUEST = '50000000-0000-4000-8000-000000000001';
const BOARD = `GET /api/events/${EVENT.id}/rides`;

const aRide = (over: Partial<Ride> = {}): Ride => ({
  id: RIDE,
  eventId: EVENT.id,
  kind: 'offer',
  fromPlace: 'York station',
  lat: 53.96,
  lng: -1.09,
  departsAt: '2031-01-10T07:30:00.000Z',
  seats: 3,
  seatsTaken: 0,
  seatsLeft: 3,
  distanceKm: 35,
  mine: false,
  contact: null,
  requests: [],
  canDelete: false,
  canRequest: true,
  canRespond: false,
  createdAt: '2031-01-01T10:00:00.000Z',
  ...over,
});
const aRequest = (over: Partial<RideRequest> = {}): RideRequest => ({
  id: REQUEST,
  seats: 1,
  status: 'pending',
  mine: false,
  contact: null,
  canRespond: true,
  createdAt: '2031-01-02T10:00:00.000Z',
  ...over,
});
const YORK = { name: 'York', region: 'England', country: 'United Kingdom', lat: 53.958, lng: -1.083 };
const bodyOf = (calls: unknown[][], method: string, path: string) => {
  const call = calls.find(
    ([url, init]) => String(url).endsWith(path) && (init as RequestInit)?.method === method,
  );
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

describe('Carpools section', () => {
  it('asks a signed-out visitor to sign in, and loads nothing', async () => {
    const fetchMock = mockFetch({ ...signedOut() });
    renderApp(<CarpoolsSection event={EVENT} />);
    expect(await screen.findByText(RIDES_TEXTS.signInToSee)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/rides'))).toBe(false);
  });

  it('offers a ride from a town picked in the places picker: its name and coordinates are posted', async () => {
    let board: RidesAnswer = { rides: [], canPost: true };
    const places: string[] = [];
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [BOARD]: () => json(board),
      'GET /api/places': ({ url }) => {
        places.push(new URL(url, 'http://localhost').searchParams.get('q') ?? '');
        return json([YORK, { ...YORK, name: 'York Harbor', region: 'Maine', country: 'United States' }]);
      },
      [`POST /api/events/${EVENT.id}/rides`]: () => {
        board = {
          canPost: true,
          rides: [aRide({ mine: true, canRequest: false, canDelete: true, contact: null })],
        };
        return json(board.rides[0], 201);
      },
    });
    renderApp(<CarpoolsSection event={EVENT} />);
    expect(await screen.findByText(RIDES_TEXTS.empty)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: RIDES_TEXTS.offerRide }));
    const form = screen.getByRole('form', { name: RIDES_TEXTS.offerRide });
    // The town typed and picked from the gazetteer's suggestions (no latitude/longitude fields).
    expect(within(form).queryByLabelText('Latitude')).toBeNull();
    await userEvent.type(within(form).getByRole('combobox', { name: RIDES_TEXTS.fromPlace }), 'York');
    await userEvent.click(await screen.findByRole('option', { name: 'York, England, United Kingdom' }));
    expect(within(form).getByRole('combobox', { name: RIDES_TEXTS.fromPlace })).toHaveValue(
      'York, England, United Kingdom',
    );
    await userEvent.type(within(form).getByLabelText(RIDES_TEXTS.departsAt), '2031-01-10T07:30');
    await userEvent.clear(within(form).getByLabelText(RIDES_TEXTS.seatsOffered));
    await userEvent.type(within(form).getByLabelText(RIDES_TEXTS.seatsOffered), '2');
    await userEvent.type(within(form).getByLabelText(RIDES_TEXTS.note), 'Text me');
    await userEvent.click(within(form).getByRole('button', { name: RIDES_TEXTS.post }));
    await waitFor(() =>
      expect(bodyOf(fetchMock.mock.calls, 'POST', `/events/${EVENT.id}/rides`)).toBeDefined(),
    );
    expect(places.at(-1)).toBe('York');
    expect(bodyOf(fetchMock.mock.calls, 'POST', `/events/${EVENT.id}/rides`)).toMatchObject({
      kind: 'offer',
      fromPlace: 'York',
      lat: 53.958,
      lng: -1.083,
      seats: 2,
      note: 'Text me',
      departsAt: new Date('2031-01-10T07:30').toISOString(),
    });
    const ride = await screen.findByTestId('ride');
    expect(within(ride).getByText(/York station/)).toBeInTheDocument();
    expect(within(ride).getByText(/35 km from the event/)).toBeInTheDocument();
    expect(within(ride).getByRole('button', { name: RIDES_TEXTS.delete })).toBeInTheDocument();
  });

  it('posts nothing until a town is picked (or the location used); typing after a pick forgets it', async () => {
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [BOARD]: () => json({ rides: [], canPost: true }),
      'GET /api/places': () => json([YORK]),
    });
    renderApp(<CarpoolsSection event={EVENT} />);
    await userEvent.click(await screen.findByRole('button', { name: RIDES_TEXTS.offerRide }));
    const form = screen.getByRole('form', { name: RIDES_TEXTS.offerRide });
    const from = within(form).getByRole('combobox', { name: RIDES_TEXTS.fromPlace });
    await userEvent.type(from, 'Yor');
    await userEvent.click(await screen.findByRole('option', { name: 'York, England, United Kingdom' }));
    await userEvent.type(from, 'x');
    await userEvent.type(within(form).getByLabelText(RIDES_TEXTS.departsAt), '2031-01-10T07:30');
    await userEvent.click(within(form).getByRole('button', { name: RIDES_TEXTS.post }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(RIDES_TEXTS.pickPlace);
    expect(bodyOf(fetchMock.mock.calls, 'POST', `/events/${EVENT.id}/rides`)).toBeUndefined();
  });

  it('uses the device location with the text typed as the place name (a village the list lacks)', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: (p: { coords: { latitude: number; longitude: number } }) => void) =>
          ok({ coords: { latitude: 53.12345, longitude: -1.98765 } }),
      },
    });
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [BOARD]: () => json({ rides: [], canPost: true }),
      'GET /api/places': () => json([]),
      [`POST /api/events/${EVENT.id}/rides`]: () => json(aRide({ mine: true }), 201),
    });
    renderApp(<CarpoolsSection event={EVENT} />);
    await userEvent.click(await screen.findByRole('button', { name: RIDES_TEXTS.askRide }));
    const form = screen.getByRole('form', { name: RIDES_TEXTS.askRide });
    await userEvent.type(
      within(form).getByRole('combobox', { name: RIDES_TEXTS.fromPlace }),
      'Little Hamlet',
    );
    expect(await screen.findByText('No place found')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: RIDES_TEXTS.useMyLocation }));
    expect(within(form).getByText(RIDES_TEXTS.locationSet)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: RIDES_TEXTS.post }));
    await waitFor(() =>
      expect(bodyOf(fetchMock.mock.calls, 'POST', `/events/${EVENT.id}/rides`)).toMatchObject({
        kind: 'ask',
        fromPlace: 'Little Hamlet',
        lat: 53.12,
        lng: -1.99,
      }),
    );
    vi.unstubAllGlobals();
  });

  it('tells a player not on the event that they must register, and offers no form', async () => {
    mockFetch({
      ...signedIn(aUser()),
      [BOARD]: () => json({ rides: [aRide({ canRequest: false })], canPost: false }),
    });
    renderApp(<CarpoolsSection event={EVENT} />);
    expect(await screen.findByText(RIDES_TEXTS.registerToPost)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RIDES_TEXTS.offerRide })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RIDES_TEXTS.requestSeat })).not.toBeInTheDocument();
  });

  it('requests a seat with a contact note', async () => {
    let board: RidesAnswer = { rides: [aRide()], canPost: true };
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [BOARD]: () => json(board),
      [`POST /api/rides/${RIDE}/requests`]: () => {
        board = {
          canPost: true,
          rides: [aRide({ canRequest: false, requests: [aRequest({ mine: true, canRespond: false })] })],
        };
        return json(board.rides[0], 201);
      },
    });
    renderApp(<CarpoolsSection event={EVENT} />);
    await userEvent.click(await screen.findByRole('button', { name: RIDES_TEXTS.requestSeat }));
    await userEvent.type(screen.getByLabelText(RIDES_TEXTS.note), 'Near the station');
    await userEvent.click(screen.getByRole('button', { name: RIDES_TEXTS.requestSeat }));
    await waitFor(() =>
      expect(bodyOf(fetchMock.mock.calls, 'POST', `/rides/${RIDE}/requests`)).toEqual({
        seats: 1,
        note: 'Near the station',
      }),
    );
    expect(await screen.findByText(/Pending/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RIDES_TEXTS.requestSeat })).not.toBeInTheDocument();
  });

  it('lets the driver accept a request; the passenger’s contact then shows', async () => {
    let board: RidesAnswer = {
      canPost: true,
      rides: [
        aRide({ mine: true, canRequest: false, canDelete: true, canRespond: true, requests: [aRequest()] }),
      ],
    };
    const fetchMock = mockFetch({
      ...signedIn(aUser()),
      [BOARD]: () => json(board),
      [`POST /api/ride-requests/${REQUEST}/respond`]: () => {
        board = {
          canPost: true,
          rides: [
            aRide({
              mine: true,
              canRequest: false,
              canDelete: true,
              seatsTaken: 1,
              seatsLeft: 2,
              requests: [
                aRequest({
                  status: 'accepted',
                  canRespond: false,
                  contact: {
                    id: '10000000-0000-4000-8000-000000000009',
                    username: 'rider1',
                    note: 'Call 0770',
                  },
                }),
              ],
            }),
          ],
        };
        return json(board.rides[0]);
      },
    });
    renderApp(<CarpoolsSection event={EVENT} />);
    const request = await screen.findByTestId('ride-request');
    expect(within(request).getByText(new RegExp(RIDES_TEXTS.someone))).toBeInTheDocument();
    expect(within(request).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(within(request).getByRole('button', { name: RIDES_TEXTS.accept }));
    await waitFor(() =>
      expect(bodyOf(fetchMock.mock.calls, 'POST', `/ride-requests/${REQUEST}/respond`)).toEqual({
        accept: true,
      }),
    );
    expect(await screen.findByRole('link', { name: 'rider1' })).toHaveAttribute('href', '/profile/rider1');
    expect(screen.getByText('Call 0770')).toBeInTheDocument();
    expect(screen.getByText(RIDES_TEXTS.seatsLeft(2))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RIDES_TEXTS.accept })).not.toBeInTheDocument();
  });
});
