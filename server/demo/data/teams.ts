/** Demo teams (issue 12): at least two of each play style; their leaders, members, applications and invites are planned in ../teams.ts. The seeding code is one folder up. */
import type { Scene } from '../art';

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

export const MORE_TEAMS: DemoTeam[] = [
  {
    key: 'ghostwolves',
    name: 'Ghost Wolves',
    tagline: 'Long ops in the snow, every winter',
    description:
      'A winter milsim unit from the Canadian Rockies foothills. Snow camo, long patrols, full radio procedure and a warm fire at the end. We run a 12-hour winter op every January.',
    color: '#334155',
    playStyle: 'milsim',
    location: 'Edmonton, AB',
    isRecruiting: true,
    created: 180,
    leader: 'prairie_wolf',
    coLeaders: ['north_ops_dan'],
    members: ['kim.marksman', 'desert_fox_ray'],
    applications: [
      { by: 'sarah.speedsoft', message: 'I want to try something slower this winter. Count me in?' },
    ],
    invites: ['tactical_tom'],
    gallery: [
      { scene: 'snow', caption: 'January op, hour nine', by: 'prairie_wolf' },
      { scene: 'forest', caption: 'Treeline recon', by: 'north_ops_dan' },
    ],
  },
  {
    key: 'blitz',
    name: 'Blitz Arena Club',
    tagline: 'Quebec speedsoft, five on five',
    description:
      'Speedsoft club playing arena formats in Montreal and Quebec City. Weekly practice, a friendly league in the winter and two travel tournaments a year.',
    color: '#7c3aed',
    playStyle: 'speedsoft',
    location: 'Montreal, QC',
    isRecruiting: true,
    created: 120,
    leader: 'chris-cqb',
    coLeaders: [],
    members: ['viper_actual', 'lena_medic'],
    applications: [
      { by: 'milsim_maria', message: 'Visiting Montreal a lot this year, would love to train with you.' },
    ],
    invites: ['ghost_recon_mike'],
    gallery: [{ scene: 'speedsoft', caption: 'League night finals', by: 'chris-cqb' }],
  },
  {
    key: 'sundaysquad',
    name: 'Sunday Squad',
    tagline: 'Bring a friend, bring snacks',
    description:
      'A casual group for players who want a relaxed game on Sunday mornings. Loaner rifles for newcomers, mixed teams every round and coffee after.',
    color: '#0f766e',
    playStyle: 'casual',
    location: 'Halifax, NS',
    isRecruiting: true,
    created: 90,
    leader: 'lena_medic',
    coLeaders: ['tactical_tom'],
    members: ['bravo6_jake'],
    applications: [
      { by: 'kim.marksman', message: 'Looking for easy-going games between milsim weekends.' },
      { by: 'desert_fox_ray', message: 'Moving east in the spring. Sundays work for me.' },
    ],
    invites: [],
    gallery: [{ scene: 'sunset', caption: 'Coffee after the last round', by: 'lena_medic' }],
  },
  {
    key: 'apex',
    name: 'Apex Tactical',
    tagline: 'Scenario tournaments across the Southwest',
    description:
      'Competitive scenario team from Arizona and Texas. We compete in objective tournaments, scrim on Thursdays and keep a strict hit-calling standard.',
    color: '#991b1b',
    playStyle: 'competitive',
    location: 'Phoenix, AZ',
    isRecruiting: false,
    created: 60,
    leader: 'desert_fox_ray',
    coLeaders: ['milsim_maria'],
    members: ['sarah.speedsoft'],
    applications: [],
    invites: ['prairie_wolf'],
    gallery: [
      { scene: 'desert', caption: 'Scrim day in the wash', by: 'desert_fox_ray' },
      { scene: 'urban', caption: 'CQB village final', by: 'milsim_maria' },
    ],
  },
];

export const DEMO_TEAMS: DemoTeam[] = [...TEAMS, ...MORE_TEAMS];
