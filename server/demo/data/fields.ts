/** Demo fields: places to play, with their coordinates, hours and features. The seeding code is one folder up. */
import type { Scene } from '../art';

export interface DemoField {
  name: string;
  type: string;
  address: string;
  lat: number;
  lng: number;
  phone: string | null;
  website: string | null;
  rating: number;
  scene: Scene;
  verified: boolean;
}

export const FIELDS: DemoField[] = [
  {
    name: 'Timberline Airsoft Park',
    type: 'Outdoor woodland',
    address: '34000 Gravel Pit Rd, Abbotsford, BC V2S 4N1',
    lat: 49.0504,
    lng: -122.3045,
    phone: '(604) 555-0199',
    website: 'https://timberline-airsoft.example.com',
    rating: 4.7,
    scene: 'forest',
    verified: true,
  },
  {
    name: 'The Bunker CQB',
    type: 'Indoor CQB',
    address: '45 Industry St, Toronto, ON M6M 4L4',
    lat: 43.6913,
    lng: -79.4852,
    phone: '(416) 555-0104',
    website: 'thebunkercqb.example.com',
    rating: 4.5,
    scene: 'urban',
    verified: true,
  },
  {
    name: 'Prairie Fort',
    type: 'Outdoor scenario',
    address: '3500 Valley Rd, Saskatoon, SK S7M 3S9',
    lat: 52.0923,
    lng: -106.7385,
    phone: null,
    website: null,
    rating: 4.2,
    scene: 'fort',
    verified: false,
  },
  {
    name: 'Bluebonnet Ranch Ops',
    type: 'Outdoor milsim',
    address: '900 Old Austin Hwy, Bastrop, TX 78602',
    lat: 30.1105,
    lng: -97.3153,
    phone: '(512) 555-0172',
    website: 'https://bluebonnetranch.example.com',
    rating: 4.4,
    scene: 'desert',
    verified: true,
  },
];
