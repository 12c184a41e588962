// Test data for the events feature's component tests.
import type { Event } from '@contract/events';

const hex = (n: number) => n.toString(16).padStart(12, '0');
export const eventId = (n: number) => `30000000-0000-4000-8000-${hex(n)}`;

/** Noon, `days` from today (local time), as an ISO instant. */
export function daysFromNow(days: number, hour = 12): string {
  const d = new Date();
  d.setHours(hour, 0, 0, 0);
  d.setDate(d.getDate() + days);
  return d.toISOString();
}

export const anEvent = (overrides: Partial<Event> = {}): Event => ({
  id: eventId(1),
  title: 'Operation Nightfall',
  description: 'A 24-hour milsim at the quarry.',
  date: daysFromNow(3),
  endsAt: null,
  timeZone: 'UTC',
  location: 'Austin, TX',
  address: '100 Quarry Rd, Austin, TX',
  lat: 30.27,
  lng: -97.74,
  type: 'Milsim',
  image: null,
  capacity: 100,
  registeredCount: 40,
  waitlistCount: 0,
  url: 'https://example.com/nightfall',
  rules: null,
  isPast: false,
  viewerStatus: 'none',
  waitlistPosition: null,
  source: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  canRegister: false,
  canCancel: false,
  canEdit: false,
  canDelete: false,
  ...overrides,
});

/** A promise to answer later, for checking what shows while a call is on its way. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
