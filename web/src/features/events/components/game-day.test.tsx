import type { Event } from '@contract/events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, json, mockFetch, renderApp, signedIn, signedOut } from '@web/test/utils';
import { describe, expect, it } from 'vitest';
import { anEvent, daysFromNow, eventId } from '../test-data';
import { EventDetails } from './event-details';

const team = { id: '40000000-0000-4000-8000-000000000001', name: 'Host Company' };
const field = { id: '50000000-0000-4000-8000-000000000001', name: 'Quarry Field' };
const sides = [
  {
    id: '60000000-0000-4000-8000-000000000001',
    name: 'Blue',
    colour: '#1f4e9c',
    capacity: 20,
    registeredCount: 12,
    waitlistCount: 0,
  },
  {
    id: '60000000-0000-4000-8000-000000000002',
    name: 'Red',
    colour: '#b3261e',
    capacity: 20,
    registeredCount: 20,
    waitlistCount: 3,
  },
];
const hosted = (overrides: Partial<Event> = {}) =>
  anEvent({
    hostTeam: team,
    field,
    sides,
    viewerSideId: null,
    abilities: { canManage: false, canCheckIn: false },
    canRegister: true,
    ...overrides,
  });

describe('game day on the event page (issue 25)', () => {
  it('names the host team and the field with links, and the side sizes; no Edit without canManage', async () => {
    mockFetch({
      ...signedOut(),
      [`GET /api/events/${eventId(1)}`]: () => json(hosted({ canRegister: false })),
    });
    renderApp(<EventDetails id={eventId(1)} />);
    expect(await screen.findByRole('link', { name: 'Host Company' })).toHaveAttribute(
      'href',
      `/teams/${team.id}`,
    );
    expect(screen.getByRole('link', { name: 'Quarry Field' })).toHaveAttribute('href', `/fields/${field.id}`);
    const list = screen.getAllByTestId('side');
    expect(list[0]).toHaveTextContent('Blue12 / 20');
    expect(list[1]).toHaveTextContent('Red20 / 20 · 3 waiting');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('shows Edit for organisers, from abilities.canManage', async () => {
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/events/${eventId(1)}`]: () =>
        json(hosted({ abilities: { canManage: true, canCheckIn: true } })),
      [`GET /api/events/${eventId(1)}/squads`]: () => json([]),
    });
    renderApp(<EventDetails id={eventId(1)} />);
    const edit = await screen.findByRole('button', { name: 'Edit' });
    await userEvent.click(edit);
    expect(await screen.findByText('Edit Event')).toBeInTheDocument();
  });

  it('organisers set the sides: a new event gets two, saved with PATCH {sides}', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/events/${eventId(1)}`]: () =>
        json(hosted({ sides: [], abilities: { canManage: true, canCheckIn: true } })),
      [`GET /api/events/${eventId(1)}/squads`]: () => json([]),
      [`PATCH /api/events/${eventId(1)}`]: (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return json(hosted({ abilities: { canManage: true, canCheckIn: true } }));
      },
    });
    renderApp(<EventDetails id={eventId(1)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const save = screen.getByRole('button', { name: 'Save sides' });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add a side' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a side' }));
    const names = screen.getAllByLabelText('Side name');
    await userEvent.type(names[0], 'NATO');
    await userEvent.type(names[1], 'OPFOR');
    await userEvent.clear(screen.getAllByLabelText('Places (0 = no limit)')[0]);
    await userEvent.type(screen.getAllByLabelText('Places (0 = no limit)')[0], '24');
    await userEvent.click(save);
    await screen.findByText('Sides saved');
    expect(bodies).toEqual([
      {
        sides: [
          { name: 'NATO', colour: '#1f4e9c', capacity: 24 },
          { name: 'OPFOR', colour: '#b3261e', capacity: 0 },
        ],
      },
    ]);
  });

  it('registers on the side chosen (or Any), and the action bar has no side-less Register', async () => {
    const user = aUser();
    const bodies: unknown[] = [];
    mockFetch({
      ...signedIn(user),
      [`GET /api/events/${eventId(1)}`]: () => json(hosted()),
      [`GET /api/events/${eventId(1)}/squads`]: () => json([]),
      [`POST /api/events/${eventId(1)}/registration`]: (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return json(
          hosted({
            viewerStatus: 'registered',
            viewerSideId: sides[1].id,
            canRegister: false,
            canCancel: true,
          }),
        );
      },
    });
    renderApp(<EventDetails id={eventId(1)} />);
    const select = await screen.findByLabelText('Choose a side');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any side', 'Blue', 'Red']);
    expect(screen.getAllByRole('button', { name: 'Register' })).toHaveLength(1);
    // On a phone the action bar's Register leads to the Sides card (the first screen's main action).
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '#sides');
    expect(document.getElementById('sides')).toContainElement(select);
    await userEvent.selectOptions(select, 'Red');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Your side')).toBeInTheDocument();
    expect(bodies).toEqual([{ sideId: sides[1].id }]);
  });

  it('registers privately on a side from the Sides card (issue 26): the one checkbox, private: true sent', async () => {
    const bodies: unknown[] = [];
    mockFetch({
      ...signedIn(aUser()),
      [`GET /api/events/${eventId(1)}`]: () => json(hosted()),
      [`GET /api/events/${eventId(1)}/squads`]: () => json([]),
      [`POST /api/events/${eventId(1)}/registration`]: (init) => {
        bodies.push(JSON.parse(String(init.body)));
        return json(hosted({ viewerStatus: 'registered', viewerSideId: sides[0].id, canRegister: false }));
      },
    });
    renderApp(<EventDetails id={eventId(1)} />);
    const select = await screen.findByLabelText('Choose a side');
    const card = document.getElementById('sides') as HTMLElement;
    // The plain action's checkbox is not shown on an event with sides: only the card's.
    expect(
      screen.getAllByRole('checkbox', { name: 'Register privately (counted, not listed)' }),
    ).toHaveLength(1);
    await userEvent.click(
      within(card).getByRole('checkbox', { name: 'Register privately (counted, not listed)' }),
    );
    await userEvent.selectOptions(select, 'Blue');
    await userEvent.click(within(card).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Your side')).toBeInTheDocument();
    expect(bodies).toEqual([{ sideId: sides[0].id, private: true }]);
  });

  it('asks a squad member to confirm their place', async () => {
    const user = aUser();
    let confirmed = 0;
    mockFetch({
      ...signedIn(user),
      [`GET /api/events/${eventId(1)}`]: () => json(hosted()),
      [`GET /api/events/${eventId(1)}/squads`]: () =>
        json([
          {
            id: '70000000-0000-4000-8000-000000000001',
            eventId: eventId(1),
            team,
            sideId: null,
            status: 'pending',
            members: [{ id: user.id, username: user.username, confirmed: false }],
            canConfirm: confirmed === 0,
            createdAt: new Date().toISOString(),
          },
        ]),
      [`POST /api/events/${eventId(1)}/squads/70000000-0000-4000-8000-000000000001/confirm`]: () => {
        confirmed++;
        return json({});
      },
    });
    renderApp(<EventDetails id={eventId(1)} />);
    expect(await screen.findByText(/Squad of Host Company/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my place' }));
    await screen.findByText('Place confirmed');
    expect(confirmed).toBe(1);
  });

  it('on an event that requires a waiver, Confirm my place opens the waiver dialog and sends the answers', async () => {
    const user = aUser();
    const squadId = '70000000-0000-4000-8000-000000000002';
    const date = daysFromNow(7);
    const fetchMock = mockFetch({
      ...signedIn(user),
      [`GET /api/events/${eventId(1)}`]: () =>
        json(hosted({ date, waiver: { version: 2, text: 'Play safe.' }, waiverRequired: true })),
      [`GET /api/events/${eventId(1)}/squads`]: () =>
        json([
          {
            id: squadId,
            eventId: eventId(1),
            team,
            sideId: null,
            status: 'pending',
            members: [{ id: user.id, username: user.username, confirmed: false }],
            canConfirm: true,
            createdAt: new Date().toISOString(),
          },
        ]),
      [`POST /api/events/${eventId(1)}/squads/${squadId}/confirm`]: () => json({}),
    });
    const confirms = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/confirm'));
    renderApp(<EventDetails id={eventId(1)} />);
    await screen.findByText(/Squad of Host Company/);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my place' }));
    const dialog = await screen.findByRole('dialog');
    expect(confirms()).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Full name (as your signature)'), 'Sam Carter');
    const dob = `${Number(date.slice(0, 4)) - 30}-03-04`;
    await userEvent.type(within(dialog).getByLabelText('Date of birth'), dob);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm my place' }));
    await screen.findByText('Place confirmed');
    expect(confirms()).toHaveLength(1);
    expect(JSON.parse(String(confirms()[0][1]?.body))).toEqual({
      waiver: { fullName: 'Sam Carter', dateOfBirth: dob },
    });
  }, 60_000);

  it('without a waiver, Confirm my place sends no body and opens no dialog', async () => {
    const user = aUser();
    const squadId = '70000000-0000-4000-8000-000000000003';
    const fetchMock = mockFetch({
      ...signedIn(user),
      [`GET /api/events/${eventId(1)}`]: () => json(hosted()),
      [`GET /api/events/${eventId(1)}/squads`]: () =>
        json([
          {
            id: squadId,
            eventId: eventId(1),
            team,
            sideId: null,
            status: 'pending',
            members: [{ id: user.id, username: user.username, confirmed: false }],
            canConfirm: true,
            createdAt: new Date().toISOString(),
          },
        ]),
      [`POST /api/events/${eventId(1)}/squads/${squadId}/confirm`]: () => json({}),
    });
    renderApp(<EventDetails id={eventId(1)} />);
    await screen.findByText(/Squad of Host Company/);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my place' }));
    await screen.findByText('Place confirmed');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/confirm'));
    expect(call?.[1]?.body ?? undefined).toBeUndefined();
  });

  it('a leader who puts themself in a squad signs the waiver first; the answers go with the squad', async () => {
    const user = aUser();
    const mate = '80000000-0000-4000-8000-000000000002';
    const date = daysFromNow(7);
    const member = (userId: string, username: string, role: string) => ({
      id: userId,
      userId,
      username,
      avatar: null,
      role,
      joinedAt: new Date().toISOString(),
      canRemove: false,
      canChangeRole: false,
    });
    const fetchMock = mockFetch({
      ...signedIn(user),
      [`GET /api/events/${eventId(1)}`]: () =>
        json(hosted({ date, waiver: { version: 1, text: 'Play safe.' }, waiverRequired: true })),
      [`GET /api/events/${eventId(1)}/squads`]: () => json([]),
      [`GET /api/user/${user.id}/teams`]: () =>
        json([
          {
            ...team,
            tag: 'HC',
            tagline: null,
            logo: null,
            playStyle: null,
            role: 'leader',
            memberCount: 2,
            joinedAt: new Date().toISOString(),
          },
        ]),
      [`GET /api/teams/${team.id}/members`]: () =>
        json([member(user.id, user.username, 'leader'), member(mate, 'mate', 'member')]),
      [`POST /api/events/${eventId(1)}/squads`]: () => json({}, 201),
    });
    const posts = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => String(url).endsWith('/squads') && init?.method === 'POST',
      );
    renderApp(<EventDetails id={eventId(1)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Register my squad' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: user.username }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'mate' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ask them to confirm' }));
    const dialog = await screen.findByRole('dialog');
    expect(posts()).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Full name (as your signature)'), 'Lee Leader');
    const dob = `${Number(date.slice(0, 4)) - 40}-01-02`;
    await userEvent.type(within(dialog).getByLabelText('Date of birth'), dob);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask them to confirm' }));
    await screen.findByText('Squad created: each member confirms their place');
    expect(JSON.parse(String(posts()[0][1]?.body))).toEqual({
      teamId: team.id,
      userIds: [user.id, mate],
      waiver: { fullName: 'Lee Leader', dateOfBirth: dob },
    });
  }, 60_000);

  it('arriving from a card’s Register (#register) on an event with sides shows the Sides card, no dialog yet', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    window.location.hash = '#register';
    try {
      mockFetch({
        ...signedIn(aUser()),
        [`GET /api/events/${eventId(1)}`]: () =>
          json(hosted({ waiver: { version: 1, text: 'Play safe.' }, waiverRequired: true })),
        [`GET /api/events/${eventId(1)}/squads`]: () => json([]),
      });
      renderApp(<EventDetails id={eventId(1)} />);
      await screen.findByRole('combobox', { name: 'Choose a side' });
      await waitFor(() => expect(scrolled).toContain(document.getElementById('sides')));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      window.location.hash = '';
      Element.prototype.scrollIntoView = original;
    }
  });
});
