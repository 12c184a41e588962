/** The demo community: players, their posts, teams and gear. Times are relative to the seed. */
import type { GearKind, Scene } from './art';

export interface DemoPlayer {
  username: string;
  initials: string;
  bio: string;
  location: string;
  /** Days since the player joined. */
  joined: number;
  hue: number;
  cover: Scene;
}

export const DEMO_ADMIN = 'admin';

export const PLAYERS: DemoPlayer[] = [
  {
    username: DEMO_ADMIN,
    initials: 'AC',
    bio: 'Community admin. Keeping the feed friendly, the event calendar full and the blocked-word list short.',
    location: 'Kelowna, BC',
    joined: 365,
    hue: 90,
    cover: 'fort',
  },
  {
    username: 'ghost_recon_mike',
    initials: 'GM',
    bio: "Milsim addict since 2014 and lead of the Northern Vipers. If there's a 24-hour op in the Pacific Northwest, I'm probably on the radio.",
    location: 'Vancouver, BC',
    joined: 350,
    hue: 120,
    cover: 'forest',
  },
  {
    username: 'sarah.speedsoft',
    initials: 'SS',
    bio: 'Speedsoft player, HPA everything. Running and gunning at Toronto arenas most weekends. Ask me about tuning your M4.',
    location: 'Toronto, ON',
    joined: 318,
    hue: 330,
    cover: 'speedsoft',
  },
  {
    username: 'north_ops_dan',
    initials: 'ND',
    bio: 'Field marshal at weekend games around Calgary. Safety first, fun always. Iron Prairie captain.',
    location: 'Calgary, AB',
    joined: 301,
    hue: 200,
    cover: 'snow',
  },
  {
    username: 'milsim_maria',
    initials: 'MM',
    bio: "Medic main and organizer of the Lone Star Irregulars' monthly ops. Canteen runs are on me.",
    location: 'Austin, TX',
    joined: 276,
    hue: 25,
    cover: 'desert',
  },
  {
    username: 'tactical_tom',
    initials: 'TT',
    bio: 'Gear nerd. I review plate carriers so you do not have to. Rain is just free camo.',
    location: 'Seattle, WA',
    joined: 244,
    hue: 160,
    cover: 'forest',
  },
  {
    username: 'kim.marksman',
    initials: 'KM',
    bio: 'DMR and bolt-action player. Patience, a good hop-up and a ghillie. Montreal and Laurentides fields.',
    location: 'Montreal, QC',
    joined: 221,
    hue: 280,
    cover: 'sunset',
  },
  {
    username: 'bravo6_jake',
    initials: 'BJ',
    bio: 'Weekend warrior from the East Coast. Fog, woodland and a lobster roll after the game.',
    location: 'Halifax, NS',
    joined: 187,
    hue: 210,
    cover: 'night',
  },
  {
    username: 'desert_fox_ray',
    initials: 'DR',
    bio: 'Desert ops in SoCal. Gas blowback pistols, vintage AKs and far too many patches.',
    location: 'San Diego, CA',
    joined: 160,
    hue: 40,
    cover: 'desert',
  },
  {
    username: 'lena_medic',
    initials: 'LM',
    bio: 'Combat medic role at milsim events across the prairies. First-aid instructor in real life.',
    location: 'Winnipeg, MB',
    joined: 122,
    hue: 0,
    cover: 'fort',
  },
  {
    username: 'chris-cqb',
    initials: 'CC',
    bio: 'CQB only. Short barrels, fast hands, loud voice. Orlando indoor league.',
    location: 'Orlando, FL',
    joined: 95,
    hue: 190,
    cover: 'urban',
  },
  {
    username: 'prairie_wolf',
    initials: 'PW',
    bio: 'Long-range woodland player. Building a custom VSR-10 one part at a time. Saskatoon crew.',
    location: 'Saskatoon, SK',
    joined: 61,
    hue: 60,
    cover: 'sunset',
  },
  {
    username: 'viper_actual',
    initials: 'VA',
    bio: 'Second season in airsoft and loving this community. Ottawa Valley fields, mostly woodland.',
    location: 'Ottawa, ON',
    joined: 24,
    hue: 250,
    cover: 'snow',
  },
];

export interface DemoComment {
  by: string;
  text: string;
}

export interface DemoPost {
  by: string;
  /** Hours before the seed. */
  ago: number;
  caption: string;
  images: Scene[];
  comments?: DemoComment[];
}

const h = (days: number, hours = 0) => days * 24 + hours;

export const POSTS: DemoPost[] = [
  {
    by: 'sarah.speedsoft',
    ago: 3,
    caption:
      'Sunday speedsoft session at the arena was unreal. 14 rounds, zero overshoot calls, and I finally nailed the left-side slingshot around the big cylinder. Who is in for next week?',
    images: ['speedsoft', 'speedsoft'],
    comments: [
      { by: 'chris-cqb', text: 'That slingshot was filthy. I was on the receiving end twice.' },
      { by: 'viper_actual', text: 'Next week for sure. Is the arena beginner friendly?' },
      {
        by: 'sarah.speedsoft',
        text: '@viper_actual totally, first Sunday of the month is a mixed-skill night.',
      },
    ],
  },
  {
    by: 'ghost_recon_mike',
    ago: 9,
    caption:
      'Northern Vipers FTX recap: 30 hours in the bush, two creek crossings and one very soggy map. Huge thanks to everyone who held the ridge line Saturday night. Photos from the dawn push below.',
    images: ['forest', 'forest', 'night'],
    comments: [
      {
        by: 'kim.marksman',
        text: 'The dawn push was the best part. The fog on the ridge looked like a movie.',
      },
      { by: 'tactical_tom', text: 'My boots are still drying. Worth it.' },
    ],
  },
  {
    by: 'milsim_maria',
    ago: 20,
    caption:
      'PSA for anyone coming to Operation Bluebonnet: bring at least 3 litres of water per person. Texas heat does not care how tough your loadout is. Medics will be checking canteens at the gate.',
    images: [],
    comments: [{ by: 'lena_medic', text: 'Seconding this. Electrolytes too, not just water.' }],
  },
  {
    by: 'tactical_tom',
    ago: h(1, 6),
    caption:
      'New plate carrier day. Went with a low-vis cut in ranger green, a three-mag shingle up front and a GP pouch. Full review once it has seen a few rainy games.',
    images: ['fort'],
  },
  {
    by: 'kim.marksman',
    ago: h(2),
    caption:
      'Finally dialed in the hop-up on my bolt action. 60 m steel plate, 9 hits out of 10 with 0.40 g bio BBs. Patience pays off.',
    images: ['forest', 'sunset'],
    comments: [
      { by: 'prairie_wolf', text: 'What bucking are you running? I am stuck at 45 m with mine.' },
      {
        by: 'kim.marksman',
        text: 'Flat hop with a 60 degree bucking, and a tight bore barrel. Happy to help at the next game.',
      },
    ],
  },
  {
    by: 'bravo6_jake',
    ago: h(2, 12),
    caption:
      'Fog rolled in at the field this morning and it turned into the best game of hide-and-seek since I was eight. Zero visibility past 20 m. Loved every minute.',
    images: [],
  },
  {
    by: 'desert_fox_ray',
    ago: h(3),
    caption:
      'Desert ops weekend in the books. 38 degrees, dust everywhere, and my GBB still cycled like a champ after a quick clean at lunch. Gallery from both days:',
    images: ['desert', 'desert', 'sunset', 'desert'],
    comments: [{ by: 'milsim_maria', text: 'Those sunset shots! Lone Star needs a desert trip.' }],
  },
  {
    by: 'lena_medic',
    ago: h(3, 20),
    caption:
      'Ran a first-aid refresher before Saturday: tourniquets, bandaging, and how to carry a teammate without wrecking your back. Medic roles make milsim so much better. Thanks to everyone who joined!',
    images: ['fort'],
  },
  {
    by: 'chris-cqb',
    ago: h(4),
    caption:
      'CQB league night 4: we took the kill house in under 90 seconds. Shout out to the stack for perfect comms. Short barrels win again.',
    images: ['urban', 'urban'],
  },
  {
    by: 'prairie_wolf',
    ago: h(5),
    caption:
      'Question for the long-range crowd: R-hop or flat hop for a VSR build? I keep reading conflicting opinions and want to hear from people who actually play with them.',
    images: [],
    comments: [
      {
        by: 'kim.marksman',
        text: 'Flat hop is easier to get consistent. R-hop is great if you enjoy sanding.',
      },
      {
        by: 'ghost_recon_mike',
        text: 'Flat hop plus a good barrel. Spend the money on the bucking and the nub.',
      },
    ],
  },
  {
    by: 'viper_actual',
    ago: h(5, 16),
    caption:
      'My second winter game! Turns out BBs bounce off frozen branches in hilarious ways. Hand warmers in every pouch next time.',
    images: ['snow'],
  },
  {
    by: 'north_ops_dan',
    ago: h(6),
    caption:
      'Field cleanup day: 40 volunteers, 12 bags of trash and a rebuilt fort on the east side. This is why our community rocks. Iron Prairie buys the pizza next time.',
    images: ['fort'],
  },
  {
    by: 'sarah.speedsoft',
    ago: h(8),
    caption:
      "Hot take: chrono every gun, every game, no exceptions. A rifle showed up at 480 FPS today and it was 'just a spring swap'. Stay safe out there.",
    images: [],
    comments: [{ by: 'north_ops_dan', text: 'Not a hot take, just the rules. Thank you for catching it.' }],
  },
  {
    by: 'ghost_recon_mike',
    ago: h(9),
    caption:
      'Night game with tracers is a completely different sport. Green streaks across the treeline at 2 am and comms buzzing. Cannot wait for the next one.',
    images: ['night'],
  },
  {
    by: 'milsim_maria',
    ago: h(11),
    caption:
      'Lone Star Irregulars team photo day! New patches, matching multicam, and only one person forgot their helmet. (It was me. I forgot my helmet.)',
    images: ['desert', 'fort', 'sunset', 'urban', 'desert'],
    comments: [{ by: 'desert_fox_ray', text: 'Framing this one for the clubhouse.' }],
  },
  {
    by: 'tactical_tom',
    ago: h(12),
    caption:
      'Reminder: eye protection goes on BEFORE you walk into the game zone, not when the whistle blows. Saw a close call today. Full-seal goggles or mesh plus glasses, your call, but wear them.',
    images: [],
  },
  {
    by: 'kim.marksman',
    ago: h(14),
    caption:
      'Ghillie update: three weekends of jute work later, I am officially a bush. Took out the radio operator without ever being spotted.',
    images: ['forest'],
  },
  {
    by: 'desert_fox_ray',
    ago: h(16),
    caption:
      'Anyone heading to the SoCal swap meet next month? Bringing a box of AK mags and a few holsters to trade.',
    images: [],
  },
  {
    by: 'lena_medic',
    ago: h(18),
    caption:
      'Packed my medic bag for the season: gauze rolls, chem lights and a lot of snacks. Morale is medical equipment.',
    images: ['fort'],
  },
  {
    by: 'bravo6_jake',
    ago: h(20),
    caption:
      'Rebuilt my first gearbox this weekend. Shims, AOE correction, new piston head. It is quieter and snappier, and I only lost one spring across the garage.',
    images: ['urban', 'forest'],
    comments: [{ by: 'tactical_tom', text: 'Only one spring? That is a clean first rebuild.' }],
  },
  {
    by: 'viper_actual',
    ago: h(23),
    caption:
      'Thanks to everyone who welcomed me at my first event last month. Still learning, but I already have a favourite field and a team to shadow. Great community.',
    images: [],
  },
  {
    by: 'prairie_wolf',
    ago: h(26),
    caption: 'Sunset on the prairie after a full day of woodland games. Nothing beats it.',
    images: ['sunset'],
  },
  {
    by: 'north_ops_dan',
    ago: h(29),
    caption:
      'Rules reminder for our games: 350 FPS with 0.20 g BBs for AEGs, 450 for bolt actions with a 20 m minimum engagement distance, and full-face protection for under-18s. See you on the field.',
    images: [],
  },
  {
    by: 'admin',
    ago: h(33),
    caption:
      'Welcome to Airsoft Community! Share your games, find events near you, rate gear and build your team. Be kind, call your hits and keep it safe.',
    images: [],
    comments: [
      { by: 'ghost_recon_mike', text: 'Glad to be here. Northern Vipers are recruiting!' },
      { by: 'milsim_maria', text: 'Finally one place for the whole community.' },
    ],
  },
  {
    by: 'ghost_recon_mike',
    ago: h(35),
    caption: 'First snow op of the year. Boots wet, spirits high.',
    images: ['snow'],
  },
];

/** Friendly replies, used for the rest of the comments. */
export const COMMENT_POOL = [
  'This looks epic!',
  'Great shots. What camera were you using?',
  'See you at the next one.',
  'Count me in next time.',
  'Love this community.',
  'Respect. Stay safe out there.',
  'Good times, good people.',
  'Saving this for later.',
  'That field looks amazing. Where is it?',
  'Wish I could have made it this time.',
  'Solid advice, thanks for posting.',
  'Ha! Been there.',
  'Need more of this on the feed.',
  'Absolute legend.',
  'Bringing my whole squad next time.',
];

export interface DemoTeam {
  key: string;
  name: string;
  tagline: string;
  description: string;
  color: string;
  playStyle: 'speedsoft' | 'milsim' | 'casual' | 'competitive';
  location: string;
  isRecruiting: boolean;
  /** Days since the team was created. */
  created: number;
  leader: string;
  coLeaders: string[];
  members: string[];
  applications: { by: string; message: string }[];
  invites: string[];
  gallery: { scene: Scene; caption: string; by: string }[];
}

export const TEAMS: DemoTeam[] = [
  {
    key: 'vipers',
    name: 'Northern Vipers',
    tagline: 'Woodland milsim from the Coast Mountains',
    description:
      'A milsim unit based in the Lower Mainland. We train monthly, run two 24-hour FTX weekends a year and care about realism, radio discipline and looking after each other. New players welcome: we will lend you gear for your first op.',
    color: '#3f6212',
    playStyle: 'milsim',
    location: 'Vancouver, BC',
    isRecruiting: true,
    created: 300,
    leader: 'ghost_recon_mike',
    coLeaders: ['kim.marksman'],
    members: ['tactical_tom', 'lena_medic'],
    applications: [
      {
        by: 'bravo6_jake',
        message:
          'Moving to Vancouver this summer and would love to run with you. Two seasons of woodland, own radio.',
      },
    ],
    invites: [],
    gallery: [
      { scene: 'forest', caption: 'Dawn push, FTX spring edition', by: 'ghost_recon_mike' },
      { scene: 'night', caption: 'Night patrol', by: 'kim.marksman' },
    ],
  },
  {
    key: 'velocity',
    name: 'Velocity Speedsoft',
    tagline: 'Fast hands, faster feet',
    description:
      'Competitive speedsoft crew from the GTA. We play arena formats, run drills on Wednesdays and travel to tournaments in Ontario and Quebec. HPA and light loadouts, high energy, good sportsmanship.',
    color: '#be123c',
    playStyle: 'speedsoft',
    location: 'Toronto, ON',
    isRecruiting: true,
    created: 240,
    leader: 'sarah.speedsoft',
    coLeaders: ['chris-cqb'],
    members: ['bravo6_jake'],
    applications: [
      {
        by: 'viper_actual',
        message: 'I have been watching your league nights and want to get faster. Happy to start as a sub.',
      },
    ],
    invites: [],
    gallery: [{ scene: 'speedsoft', caption: 'Round 4 finals', by: 'sarah.speedsoft' }],
  },
  {
    key: 'lonestar',
    name: 'Lone Star Irregulars',
    tagline: 'Casual ops, serious barbecue',
    description:
      'A relaxed Central Texas group that plays twice a month and organizes Operation Bluebonnet every year. Everyone plays, nobody gets left at the respawn. Not recruiting right now, but come say hi at a game.',
    color: '#b45309',
    playStyle: 'casual',
    location: 'Austin, TX',
    isRecruiting: false,
    created: 200,
    leader: 'milsim_maria',
    coLeaders: ['desert_fox_ray'],
    members: ['chris-cqb', 'tactical_tom'],
    applications: [],
    invites: [],
    gallery: [
      { scene: 'desert', caption: 'Team photo day', by: 'milsim_maria' },
      { scene: 'sunset', caption: 'After the last game', by: 'desert_fox_ray' },
    ],
  },
  {
    key: 'prairie',
    name: 'Iron Prairie',
    tagline: 'Prairie-tough competitive airsoft',
    description:
      'Competitive woodland and scenario team from Alberta and the prairies. Objective play, tight communication and honest hit calling. We host the Prairie Open every fall.',
    color: '#1e3a8a',
    playStyle: 'competitive',
    location: 'Calgary, AB',
    isRecruiting: true,
    created: 150,
    leader: 'north_ops_dan',
    coLeaders: ['lena_medic'],
    members: ['viper_actual'],
    applications: [
      {
        by: 'prairie_wolf',
        message:
          'Saskatoon-based marksman. I can make the Calgary games once a month and all the prairie events.',
      },
    ],
    invites: ['kim.marksman'],
    gallery: [{ scene: 'fort', caption: 'The rebuilt east fort', by: 'north_ops_dan' }],
  },
];

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
