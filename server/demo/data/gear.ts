/** Demo gear posts. Times are relative to the seed. The seeding code is one folder up. */
import type { GearKind } from '../art';

export interface DemoGear {
  by: string;
  title: string;
  description: string;
  category: 'Rifle' | 'Pistol' | 'Gear' | 'Equipment' | 'Accessories' | 'Tactical Vest' | 'Helmet' | 'Other';
  kind: GearKind;
  /** Where the ratings lean (1 to 5). */
  quality: number;
  raters: number;
  days: number;
}

export const GEAR: DemoGear[] = [
  {
    by: 'tactical_tom',
    title: 'Ranger Green Plate Carrier Setup',
    description:
      'Low-vis plate carrier with a three-mag shingle, admin pouch, GP pouch and a side radio pouch.',
    category: 'Tactical Vest',
    kind: 'vest',
    quality: 4.5,
    raters: 8,
    days: 2,
  },
  {
    by: 'sarah.speedsoft',
    title: 'HPA Speedsoft M4',
    description:
      'Short-stroked HPA engine, 10" handguard, red dot and a very light trigger. Built for arena play.',
    category: 'Rifle',
    kind: 'rifle',
    quality: 4.6,
    raters: 9,
    days: 5,
  },
  {
    by: 'kim.marksman',
    title: 'Custom VSR-10 Marksman Build',
    description:
      'Tight bore barrel, flat hop, upgraded trigger box, 3-9x scope. Tuned to 450 FPS for 0.40 g BBs.',
    category: 'Rifle',
    kind: 'sniper',
    quality: 4.3,
    raters: 7,
    days: 9,
  },
  {
    by: 'desert_fox_ray',
    title: 'Hi-Capa 5.1 Race Pistol',
    description:
      'Gas blowback Hi-Capa with a new nozzle, lightweight slide and extended base pad. Cycles on green gas in summer.',
    category: 'Pistol',
    kind: 'pistol',
    quality: 4.1,
    raters: 6,
    days: 12,
  },
  {
    by: 'ghost_recon_mike',
    title: 'FAST Helmet with NVG Mount',
    description:
      'Replica FAST helmet with side rails, shroud, velcro panel and an IR strobe for night games.',
    category: 'Helmet',
    kind: 'helmet',
    quality: 3.8,
    raters: 6,
    days: 15,
  },
  {
    by: 'chris-cqb',
    title: 'Compact Red Dot for CQB',
    description: 'Small tube red dot on a low mount. Fast target pickup indoors; battery lasts forever.',
    category: 'Accessories',
    kind: 'optic',
    quality: 3.6,
    raters: 5,
    days: 18,
  },
  {
    by: 'north_ops_dan',
    title: 'Field Radio Kit',
    description: 'UHF handheld with a PTT switch and a headset adapter. Programmed with our game channels.',
    category: 'Equipment',
    kind: 'radio',
    quality: 4.0,
    raters: 7,
    days: 21,
  },
  {
    by: 'bravo6_jake',
    title: 'Anti-Fog Goggles with Mesh Lower',
    description:
      'Dual-pane anti-fog goggles with a steel mesh lower face. No fogging even on the foggiest East Coast mornings.',
    category: 'Gear',
    kind: 'mask',
    quality: 3.4,
    raters: 5,
    days: 24,
  },
  {
    by: 'prairie_wolf',
    title: '0.28 g Bio BBs (Bulk Bottle)',
    description:
      'Biodegradable, seamless, consistent weight. My go-to for woodland games where fields require bio.',
    category: 'Other',
    kind: 'bbs',
    quality: 2.9,
    raters: 4,
    days: 27,
  },
  {
    by: 'lena_medic',
    title: 'Medic Pouch Radio Setup',
    description:
      'Brand-new medic setup: radio on the left shoulder so I can call casualties without dropping my bag.',
    category: 'Equipment',
    kind: 'radio',
    quality: 0,
    raters: 0,
    days: 0,
  },
];
