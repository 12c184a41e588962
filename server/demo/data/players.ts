/** Demo players. Times are relative to the seed. The seeding code is one folder up. */
import type { Scene } from '../art';

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
