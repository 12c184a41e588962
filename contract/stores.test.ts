import { describe, expect, it } from 'vitest';
import {
  CANADIAN_REGIONS,
  countryOfRegion,
  STORE_TEXTS,
  storeCreateBody,
  storePatchBody,
  storesQuery,
  websiteHref,
} from './stores';

describe('countryOfRegion (SPEC §9)', () => {
  it('counts the seven listed regions as Canada', () => {
    expect(CANADIAN_REGIONS).toEqual([
      'British Columbia',
      'Ontario',
      'Quebec',
      'Atlantic Canada',
      'Alberta',
      'Saskatchewan',
      'Manitoba',
    ]);
    for (const region of CANADIAN_REGIONS) expect(countryOfRegion(region), region).toBe('Canada');
  });

  it('counts any other region as US, exact names only', () => {
    for (const region of ['California', 'Texas', 'Nova Scotia', 'ontario', ' Ontario', ''])
      expect(countryOfRegion(region), region).toBe('US');
  });
});

describe('websiteHref', () => {
  it('prefixes https:// when the scheme is missing and keeps http(s) as given', () => {
    expect(websiteHref('shop.example.com')).toBe('https://shop.example.com');
    expect(websiteHref('  shop.example.com/path?q=1 ')).toBe('https://shop.example.com/path?q=1');
    expect(websiteHref('shop.example.com:8080')).toBe('https://shop.example.com:8080');
    expect(websiteHref('https://shop.example.com')).toBe('https://shop.example.com');
    expect(websiteHref('HTTP://shop.example.com')).toBe('HTTP://shop.example.com');
  });

  it('refuses other schemes, empty values and what is no address', () => {
    for (const v of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,hi',
      'mailto:a@b.c',
      'ftp://files.example.com',
      '',
      '   ',
      null,
      undefined,
      'two words.com',
      'https://',
    ])
      expect(websiteHref(v), String(v)).toBeNull();
  });
});

describe('storesQuery', () => {
  it('takes region, country and near', () => {
    expect(storesQuery.parse({ region: ' Ontario ', country: 'Canada', near: '43.65,-79.38' })).toEqual({
      region: 'Ontario',
      country: 'Canada',
      near: { lat: 43.65, lng: -79.38 },
    });
    for (const q of [{ country: 'Mexico' }, { near: '91,0' }, { near: 'here' }, { region: '' }])
      expect(storesQuery.safeParse(q).success, JSON.stringify(q)).toBe(false);
  });
});

describe('store bodies', () => {
  it('requires name, address and region; phone, website and coordinates are optional', () => {
    expect(storeCreateBody.parse({ name: ' A ', address: '1 Main St', region: 'Ontario' })).toEqual({
      name: 'A',
      address: '1 Main St',
      region: 'Ontario',
      phone: null,
      website: null,
      lat: null,
      lng: null,
    });
    expect(
      storeCreateBody.parse({
        name: 'A',
        address: 'x',
        region: 'Texas',
        phone: '',
        website: 'shop.example.com',
        lat: '30.2',
        lng: '-97.7',
      }),
    ).toMatchObject({ phone: null, website: 'shop.example.com', lat: 30.2, lng: -97.7 });
    for (const body of [
      {},
      { name: ' ', address: 'x', region: 'y' },
      { name: 'a', address: 'x', region: 'y', website: 'javascript:alert(1)' },
      { name: 'a', address: 'x', region: 'y', lat: 91, lng: 0 },
      { name: 'a', address: 'x', region: 'y', lat: 10 },
      { name: 'a', address: 'x', region: 'y', verified: false },
    ])
      expect(storeCreateBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it('patches what is given, at least one field', () => {
    expect(storePatchBody.parse({ phone: '' })).toEqual({ phone: null });
    expect(storePatchBody.safeParse({}).success).toBe(false);
    expect(storePatchBody.safeParse({ name: '' }).success).toBe(false);
    expect(storePatchBody.safeParse({ lat: 1, lng: 2 }).success).toBe(true);
    expect(storePatchBody.safeParse({ lat: null, lng: null }).success).toBe(true);
    expect(storePatchBody.safeParse({ lat: 1 }).success).toBe(false);
  });

  it('has the SPEC texts', () => {
    expect(STORE_TEXTS.noStores).toBe('No stores found in this region.');
    expect(STORE_TEXTS.allCountries).toBe('All Countries');
    expect(STORE_TEXTS.fetchStoresFailed).toBe('Failed to fetch stores');
  });
});
