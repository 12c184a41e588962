/** Demo events: airsoft games of every type across Canada and the US, with their zones and lengths. Dates are offsets (days) from the seed. The seeding code is one folder up. */
import type { Scene } from '../art';

export interface DemoEvent {
  slug: string;
  title: string;
  description: string;
  type: 'Milsim' | 'Local' | 'Training';
  /** Days from the seed, and the start hour (UTC). */
  inDays: number;
  hour: number;
  location: string;
  address: string;
  lat: number;
  lng: number;
  capacity: number;
  registered: number;
  scene?: Scene;
}

/** The time zone of a demo event's place, by its province or state (issue 20). */
export const EVENT_ZONES: Record<string, string> = {
  BC: 'America/Vancouver',
  AB: 'America/Edmonton',
  SK: 'America/Regina',
  MB: 'America/Winnipeg',
  ON: 'America/Toronto',
  QC: 'America/Toronto',
  NS: 'America/Halifax',
  WA: 'America/Los_Angeles',
  CA: 'America/Los_Angeles',
  TX: 'America/Chicago',
  FL: 'America/New_York',
};

/** How long a demo event lasts, in hours, by type; the night league is left without an end. */
export const EVENT_HOURS: Record<DemoEvent['type'], number> = { Milsim: 24, Local: 6, Training: 4 };
export const OPEN_ENDED_EVENTS = new Set(['speedsoft-night-league-round-5']);

export const EVENTS: DemoEvent[] = [
  {
    slug: 'sunday-skirmish-fort-rouge',
    title: 'Sunday Skirmish at Fort Rouge',
    description:
      'Relaxed Sunday games: short rounds, mixed teams, rentals available. A great first game for new players. Chrono at 9:00, safety brief at 9:30.',
    type: 'Local',
    inDays: 4,
    hour: 15,
    location: 'Winnipeg, MB',
    address: '1200 Waverley St, Winnipeg, MB R3T 0P4',
    lat: 49.8462,
    lng: -97.1871,
    capacity: 60,
    registered: 7,
  },
  {
    slug: 'speedsoft-night-league-round-5',
    title: 'Speedsoft Night League - Round 5',
    description:
      'Five-a-side arena speedsoft under the lights. Teams of five, double elimination, HPA and AEG welcome. Full-seal eye protection and a face guard are mandatory.',
    type: 'Local',
    inDays: 6,
    hour: 23,
    location: 'Toronto, ON',
    address: '45 Industry St, Toronto, ON M6M 4L4',
    lat: 43.6913,
    lng: -79.4852,
    capacity: 40,
    registered: 9,
    scene: 'speedsoft',
  },
  {
    slug: 'operation-northwind',
    title: 'Operation Northwind',
    description:
      'A 30-hour woodland milsim in the Fraser Valley. Two factions, a live command structure, limited respawns and a night phase with tracers. Bring food, water and a red light. Kit check Friday evening.',
    type: 'Milsim',
    inDays: 9,
    hour: 16,
    location: 'Abbotsford, BC',
    address: '34000 Gravel Pit Rd, Abbotsford, BC V2S 4N1',
    lat: 49.0504,
    lng: -122.3045,
    capacity: 150,
    registered: 11,
    scene: 'forest',
  },
  {
    slug: 'new-player-orientation-calgary',
    title: 'New Player Orientation & Safety Day',
    description:
      'Never played? Start here. Safety rules, hit calling, gear basics and two supervised games. Rental rifles and masks included in the ticket.',
    type: 'Training',
    inDays: 12,
    hour: 16,
    location: 'Calgary, AB',
    address: '5600 Barlow Trail SE, Calgary, AB T2C 4P2',
    lat: 50.9908,
    lng: -113.9945,
    capacity: 25,
    registered: 6,
  },
  {
    slug: 'cqb-fundamentals-workshop',
    title: 'CQB Fundamentals Workshop',
    description:
      'Small-group CQB class: stacking, corners, doorways and communication. Four hours of drills, then a scenario in the kill house. Limited to eight students.',
    type: 'Training',
    inDays: 16,
    hour: 14,
    location: 'Orlando, FL',
    address: '2800 W Oak Ridge Rd, Orlando, FL 32809',
    lat: 28.4705,
    lng: -81.4151,
    capacity: 8,
    registered: 8,
    scene: 'urban',
  },
  {
    slug: 'operation-bluebonnet',
    title: 'Operation Bluebonnet',
    description:
      "The Lone Star Irregulars' yearly op: 200 players, vehicles, a medic system and objectives across 120 acres of Central Texas scrub. Bring at least 3 litres of water per person.",
    type: 'Milsim',
    inDays: 20,
    hour: 13,
    location: 'Bastrop, TX',
    address: '900 Old Austin Hwy, Bastrop, TX 78602',
    lat: 30.1105,
    lng: -97.3153,
    capacity: 200,
    registered: 10,
    scene: 'desert',
  },
  {
    slug: 'woodland-fog-run',
    title: 'Woodland Fog Run',
    description:
      'Early-morning woodland game on the South Shore. Expect fog, wet ground and close contact in the trees. Coffee and muffins at the safe zone.',
    type: 'Local',
    inDays: 25,
    hour: 12,
    location: 'Halifax, NS',
    address: '1750 Old Sambro Rd, Halifax, NS B3V 1C1',
    lat: 44.5738,
    lng: -63.6167,
    capacity: 50,
    registered: 5,
  },
  {
    slug: 'marksman-course-range-estimation',
    title: 'Marksman Course: Range Estimation',
    description:
      'For DMR and bolt-action players: range estimation, wind reading with heavy BBs, hides and movement. Bring your rifle and at least 500 rounds.',
    type: 'Training',
    inDays: 31,
    hour: 14,
    location: 'Montreal, QC',
    address: '2100 Boul. des Laurentides, Laval, QC H7M 2Y4',
    lat: 45.5826,
    lng: -73.7139,
    capacity: 16,
    registered: 6,
    scene: 'sunset',
  },
  {
    slug: 'prairie-open-day',
    title: 'Prairie Open Day',
    description:
      'Open games hosted by Iron Prairie: capture the flag, VIP escort and a big last-round push. All skill levels, field rules at 350 FPS.',
    type: 'Local',
    inDays: 38,
    hour: 16,
    location: 'Saskatoon, SK',
    address: '3500 Valley Rd, Saskatoon, SK S7M 3S9',
    lat: 52.0923,
    lng: -106.7385,
    capacity: 80,
    registered: 8,
    scene: 'fort',
  },
  {
    slug: 'cascade-ridge-24',
    title: 'Cascade Ridge 24',
    description:
      'Twenty-four hours in the Cascade foothills. Reconnaissance, supply runs and a final assault at dawn. Radios required for squad leaders.',
    type: 'Milsim',
    inDays: 45,
    hour: 17,
    location: 'Enumclaw, WA',
    address: '27000 SE 416th St, Enumclaw, WA 98022',
    lat: 47.2043,
    lng: -121.9915,
    capacity: 180,
    registered: 9,
    scene: 'night',
  },
  {
    slug: 'operation-dust-devil',
    title: 'Operation Dust Devil',
    description:
      'Desert milsim in the hills east of San Diego. Vehicles, a compound to hold and a village to clear. Sun protection strongly recommended.',
    type: 'Milsim',
    inDays: 58,
    hour: 15,
    location: 'Campo, CA',
    address: '31000 Hwy 94, Campo, CA 91906',
    lat: 32.6064,
    lng: -116.4689,
    capacity: 120,
    registered: 7,
  },
  {
    slug: 'winter-medic-course',
    title: 'Winter Medic Course',
    description:
      'Learn the milsim medic role: bandage rules, casualty collection and running a field hospital. Cold-weather kit advice included.',
    type: 'Training',
    inDays: 72,
    hour: 15,
    location: 'Ottawa, ON',
    address: '4100 Innes Rd, Ottawa, ON K1C 1T1',
    lat: 45.4604,
    lng: -75.5137,
    capacity: 20,
    registered: 4,
  },
  {
    slug: 'season-finale-big-game',
    title: 'Season Finale Big Game',
    description:
      'The last big game of the season: 250 players, four factions and a raffle for field passes. Pre-registration only.',
    type: 'Local',
    inDays: 86,
    hour: 16,
    location: 'Langley, BC',
    address: '23000 16 Ave, Langley, BC V2Z 1K4',
    lat: 49.0254,
    lng: -122.6097,
    capacity: 250,
    registered: 12,
    scene: 'fort',
  },
];
