import { describe, expect, it } from 'vitest';
import {
  createEventBody,
  eventRules,
  eventsQuery,
  formatPowerLimit,
  fpsToJoules,
  importEventsBody,
  joulesToFps,
  parseCapacity,
  RULE_PRESETS,
  registrationLabel,
  typeFromWords,
  updateEventBody,
} from './events';

describe('joulesToFps', () => {
  it('gives the known pairs', () => {
    expect(joulesToFps(1.0, 0.2)).toBeCloseTo(328.1, 1);
    expect(joulesToFps(1.14, 0.2)).toBeCloseTo(350.3, 1);
    expect(joulesToFps(2.32, 0.2)).toBeCloseTo(499.7, 1);
    expect(joulesToFps(1.0, 0.25)).toBeCloseTo(293.4, 1);
    expect(joulesToFps(1.5)).toBeCloseTo(401.8, 1);
  });
  it('is the inverse of fpsToJoules', () => {
    for (const j of [0.5, 1, 1.5, 2.3]) expect(fpsToJoules(joulesToFps(j, 0.28), 0.28)).toBeCloseTo(j, 9);
    expect(fpsToJoules(350, 0.2)).toBeCloseTo(1.138, 3);
  });
  it('answers NaN for nonsense', () => {
    expect(joulesToFps(-1, 0.2)).toBeNaN();
    expect(joulesToFps(1, 0)).toBeNaN();
  });
  it('formats a limit with its fps', () => {
    expect(formatPowerLimit(1, 0.2)).toBe('1 J (328 fps with 0.20 g)');
  });
});

describe('rule presets', () => {
  it('are valid rules with the names the form shows', () => {
    expect(RULE_PRESETS.map((p) => p.name)).toEqual(expect.arrayContaining(['UK standard', 'EU 1.5 J']));
    for (const p of RULE_PRESETS) expect(eventRules.parse(p.rules)).toEqual(p.rules);
    const eu = RULE_PRESETS.find((p) => p.name === 'EU 1.5 J');
    expect(eu?.rules.classes.aeg?.joules).toBe(1.5);
  });
});

describe('event payloads', () => {
  const base = { title: ' Op ', location: 'Leeds, UK', date: '2030-05-01T09:00:00+01:00' };
  it('defaults type and capacity, trims, and keeps empty optional text as null', () => {
    const v = createEventBody.parse({ ...base, description: '', url: '' });
    expect(v).toMatchObject({ title: 'Op', type: 'Local', capacity: 0, description: null, url: null });
  });
  it('refuses bad fields', () => {
    for (const bad of [
      { ...base, title: '  ' },
      { ...base, location: '' },
      { ...base, date: '2030-05-01' },
      { ...base, date: '2030-05-01T09:00:00' },
      { ...base, type: 'Speedsoft' },
      { ...base, capacity: -1 },
      { ...base, capacity: 1.5 },
      { ...base, lat: 91, lng: 0 },
      { ...base, lat: 10 },
      { ...base, url: 'javascript:alert(1)' },
      { ...base, image: '/api/logout' },
      { ...base, title: 'a\u0000b' },
      { ...base, extra: 1 },
    ])
      expect(createEventBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
  it('patches any field without defaults', () => {
    expect(updateEventBody.parse({ capacity: 5 })).toEqual({ capacity: 5 });
    expect(updateEventBody.safeParse({ lat: 1 }).success).toBe(false);
  });
  it('parses the capacity field as an integer falling back to 0', () => {
    expect(parseCapacity('12')).toBe(12);
    expect(parseCapacity('')).toBe(0);
    expect(parseCapacity('abc')).toBe(0);
    expect(parseCapacity('-3')).toBe(0);
  });
});

describe('queries and import', () => {
  it('reads near as lat,lng and refuses sort=distance without it', () => {
    expect(eventsQuery.parse({ near: '51.5,-0.12' }).near).toEqual({ lat: 51.5, lng: -0.12 });
    expect(eventsQuery.safeParse({ near: '91,0' }).success).toBe(false);
    expect(eventsQuery.safeParse({ sort: 'distance' }).success).toBe(false);
    expect(eventsQuery.safeParse({ type: 'Other' }).success).toBe(false);
  });
  it('takes the three import sources and nothing else', () => {
    expect(importEventsBody.safeParse({ source: 'preset' }).success).toBe(true);
    expect(importEventsBody.safeParse({ source: 'custom', url: 'https://x.test/a.ics' }).success).toBe(true);
    expect(importEventsBody.safeParse({ source: 'custom', ics: 'BEGIN:VCALENDAR' }).success).toBe(true);
    expect(importEventsBody.safeParse({ source: 'custom' }).success).toBe(false);
    expect(importEventsBody.safeParse({ source: 'custom', url: 'ftp://x.test/a' }).success).toBe(false);
    expect(importEventsBody.safeParse({ source: 'other' }).success).toBe(false);
  });
  it('labels registrations and types', () => {
    expect(registrationLabel({ registeredCount: 3, capacity: 10 })).toBe('3/10 registered');
    expect(registrationLabel({ registeredCount: 3, capacity: 0 })).toBe('3 registered');
    expect(typeFromWords(['Operation MilSim West'])).toBe('Milsim');
    expect(typeFromWords(['CQB training day'])).toBe('Training');
    expect(typeFromWords(['Sunday skirmish'])).toBe('Local');
  });
});
