import type { Db } from '../db/client';
import type { SessionUser } from '../modules/auth';
import { createStore } from '../modules/stores';

/**
 * Demo stores (issue 11): real-looking shops across every Canadian region of SPEC §9 and several
 * US states, made through the store service as an admin would add them.
 */

/** A demo store: made-up names, plausible addresses; some websites without https:// as admins type them. */
export interface DemoStore {
  name: string;
  region: string;
  address: string;
  phone?: string;
  website?: string;
  lat: number;
  lng: number;
}

export const STORES: DemoStore[] = [
  {
    name: 'Coastline Airsoft Supply',
    region: 'British Columbia',
    address: '1820 Kingsway, Vancouver, BC V5N 2S9',
    phone: '(604) 555-0142',
    website: 'https://coastline-airsoft.example.com',
    lat: 49.2487,
    lng: -123.0658,
  },
  {
    name: 'Fraser Valley Tactical',
    region: 'British Columbia',
    address: '33640 S Fraser Way, Abbotsford, BC V2S 2B9',
    phone: '(604) 555-0178',
    website: 'fraservalleytactical.example.com',
    lat: 49.0494,
    lng: -122.3166,
  },
  {
    name: 'Northbound Airsoft',
    region: 'Ontario',
    address: '870 Queen St E, Toronto, ON M4M 1J3',
    phone: '(416) 555-0119',
    website: 'https://northbound-airsoft.example.com',
    lat: 43.6606,
    lng: -79.3429,
  },
  {
    name: 'Capital Tactical Outfitters',
    region: 'Ontario',
    address: '1500 Merivale Rd, Ottawa, ON K2E 6Z5',
    website: 'capitaltactical.example.com',
    lat: 45.3601,
    lng: -75.7366,
  },
  {
    name: 'Boutique Airsoft Laurentides',
    region: 'Quebec',
    address: '455 Rue Principale, Saint-Jérôme, QC J7Z 1Y3',
    phone: '(450) 555-0133',
    website: 'https://airsoft-laurentides.example.com',
    lat: 45.7804,
    lng: -74.0036,
  },
  {
    name: 'Harbour Airsoft Co.',
    region: 'Atlantic Canada',
    address: '2600 Agricola St, Halifax, NS B3K 4C8',
    phone: '(902) 555-0167',
    website: 'https://harbourairsoft.example.com',
    lat: 44.6588,
    lng: -63.5976,
  },
  {
    name: 'Foothills Airsoft Depot',
    region: 'Alberta',
    address: '4410 Macleod Trail SW, Calgary, AB T2G 0A4',
    phone: '(403) 555-0190',
    website: 'https://foothills-airsoft.example.com',
    lat: 51.0148,
    lng: -114.0719,
  },
  {
    name: 'Prairie Tactical Supply',
    region: 'Saskatchewan',
    address: '810 Circle Dr E, Saskatoon, SK S7K 3T8',
    phone: '(306) 555-0124',
    lat: 52.1579,
    lng: -106.6397,
  },
  {
    name: 'Red River Airsoft',
    region: 'Manitoba',
    address: '1395 Pembina Hwy, Winnipeg, MB R3T 2B8',
    phone: '(204) 555-0156',
    website: 'redriverairsoft.example.com',
    lat: 49.8386,
    lng: -97.1513,
  },
  {
    name: 'Pacific Gear Exchange',
    region: 'California',
    address: '7420 Clairemont Mesa Blvd, San Diego, CA 92111',
    phone: '(858) 555-0111',
    website: 'https://pacificgearexchange.example.com',
    lat: 32.8326,
    lng: -117.1602,
  },
  {
    name: 'Bay Area Airsoft Works',
    region: 'California',
    address: '1680 Story Rd, San Jose, CA 95122',
    phone: '(408) 555-0185',
    website: 'https://bayareaairsoft.example.com',
    lat: 37.3406,
    lng: -121.8538,
  },
  {
    name: 'Lone Star Airsoft Outpost',
    region: 'Texas',
    address: '9900 N Lamar Blvd, Austin, TX 78753',
    phone: '(512) 555-0137',
    website: 'https://lonestaroutpost.example.com',
    lat: 30.3668,
    lng: -97.6946,
  },
  {
    name: 'Evergreen Tactical',
    region: 'Washington',
    address: '3820 S Steele St, Tacoma, WA 98409',
    website: 'evergreentactical.example.com',
    lat: 47.2227,
    lng: -122.4697,
  },
  {
    name: 'Sunshine State Airsoft',
    region: 'Florida',
    address: '6100 S Orange Blossom Trl, Orlando, FL 32809',
    phone: '(407) 555-0148',
    website: 'https://sunshinestateairsoft.example.com',
    lat: 28.4813,
    lng: -81.3971,
  },
  {
    name: 'Gatineau Tactique',
    region: 'Quebec',
    address: '245 Boul. Saint-Joseph, Gatineau, QC J8Y 3X5',
    phone: '(819) 555-0161',
    website: 'gatineau-tactique.example.com',
    lat: 45.4426,
    lng: -75.7378,
  },
  {
    name: 'Capital Region Airsoft',
    region: 'Alberta',
    address: '10250 82 Ave NW, Edmonton, AB T6E 1Z8',
    phone: '(780) 555-0113',
    website: 'https://capitalregionairsoft.example.com',
    lat: 53.5183,
    lng: -113.4957,
  },
  {
    name: 'Fundy Field Supply',
    region: 'Atlantic Canada',
    address: '70 Main St, Moncton, NB E1C 1B4',
    phone: '(506) 555-0172',
    lat: 46.0878,
    lng: -64.7782,
  },
  {
    name: 'Empire Airsoft Exchange',
    region: 'New York',
    address: '2150 Central Ave, Albany, NY 12205',
    phone: '(518) 555-0129',
    website: 'empireairsoft.example.com',
    lat: 42.7262,
    lng: -73.8235,
  },
  {
    name: 'Mile High Tactical',
    region: 'Colorado',
    address: '4700 S Broadway, Englewood, CO 80113',
    phone: '(303) 555-0164',
    website: 'https://milehightactical.example.com',
    lat: 39.6317,
    lng: -104.9875,
  },
  {
    name: 'Peach State Airsoft',
    region: 'Georgia',
    address: '3300 Buford Hwy NE, Atlanta, GA 30329',
    phone: '(404) 555-0181',
    website: 'https://peachstateairsoft.example.com',
    lat: 33.8436,
    lng: -84.3231,
  },
];

/** Adds the demo stores as `admin` through the service (its validation is the contract's, upstream). Answers how many. */
export async function seedStores(db: Db, admin: SessionUser): Promise<number> {
  for (const s of STORES)
    await createStore(db, admin, {
      name: s.name,
      region: s.region,
      address: s.address,
      phone: s.phone ?? null,
      website: s.website ?? null,
      lat: s.lat,
      lng: s.lng,
    });
  return STORES.length;
}
