/** Demo posts and their comments. Times (hours) are relative to the seed. The seeding code is one folder up. */
import type { Scene } from '../art';

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
      {
        by: 'tactical_tom',
        text: 'My boots are still drying. Worth it. @lena_medic you were right about the gaiters.',
      },
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
        text: '@prairie_wolf flat hop with a 60 degree bucking, and a tight bore barrel. Happy to help at the next game.',
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
    comments: [
      { by: 'milsim_maria', text: 'Those sunset shots! @bravo6_jake Lone Star needs a desert trip.' },
    ],
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
        text: 'Flat hop plus a good barrel, as @kim.marksman says. Spend the money on the bucking and the nub.',
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
    comments: [
      {
        by: 'desert_fox_ray',
        text: 'Framing this one for the clubhouse. @north_ops_dan you have to see this.',
      },
    ],
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
      {
        by: 'milsim_maria',
        text: 'Finally one place for the whole community. @sarah.speedsoft @chris-cqb see you here.',
      },
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
