import { randomUUID } from 'node:crypto';
import { teamTag } from '../../contract';
import type { Db } from '../db/client';
import { teamApplications, teamGallery, teamInvites, teamMembers, teams } from '../db/schema';
import { bannerSvg, logoSvg, sceneSvg } from './art';
import { type DemoTeam, TEAMS } from './people';
import { between, int, type Rng } from './random';

/**
 * Demo teams (issue 12): at least two of each play style, with leaders, co-leaders, members,
 * pending applications, pending invites and gallery images. The rows are dated in the past (a team
 * founded 300 days ago, members joining since), which the team service, stamping now(), cannot do:
 * they go in directly, and teams.member_count follows from the team_members trigger as it does for
 * the service's writes. The badges that founding and joining earn come from the seed's backfill.
 */
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

export interface TeamPlan {
  teamRows: (typeof teams.$inferInsert)[];
  memberRows: (typeof teamMembers.$inferInsert)[];
  inviteRows: (typeof teamInvites.$inferInsert)[];
  applicationRows: (typeof teamApplications.$inferInsert)[];
  galleryRows: (typeof teamGallery.$inferInsert)[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The demo teams' rows, with planned player ids (remapped by the seed) and their images registered. */
export function planTeams(h: {
  rng: Rng;
  now: Date;
  at: (msAgo: number) => Date;
  user: (name: string) => { id: string; joinedAt: Date };
  image: (name: string, svg: () => string) => string;
}): TeamPlan {
  const { rng, now, at, user, image } = h;
  const plan: TeamPlan = {
    teamRows: [],
    memberRows: [],
    inviteRows: [],
    applicationRows: [],
    galleryRows: [],
  };
  for (const t of DEMO_TEAMS) {
    const id = randomUUID();
    const leader = user(t.leader);
    const createdAt = at(t.created * DAY + int(rng, 0, 12) * HOUR);
    plan.teamRows.push({
      id,
      name: t.name,
      tagline: t.tagline,
      description: t.description,
      logo: image(`team-${t.key}-logo`, () => logoSvg(teamTag(t.name), t.color, t.key)),
      banner: image(`team-${t.key}-banner`, () => bannerSvg(t.name, t.color, t.key)),
      colorTheme: t.color,
      playStyle: t.playStyle,
      location: t.location,
      visibility: 'public',
      isRecruiting: t.isRecruiting,
      createdBy: leader.id,
      createdAt,
    });
    plan.memberRows.push({ teamId: id, userId: leader.id, role: 'leader', joinedAt: createdAt });
    const joined = (name: string) => {
      const from = Math.max(createdAt.getTime(), user(name).joinedAt.getTime());
      return new Date(from + between(rng, 0.05, 0.8) * (now.getTime() - from));
    };
    for (const name of t.coLeaders)
      plan.memberRows.push({ teamId: id, userId: user(name).id, role: 'co-leader', joinedAt: joined(name) });
    for (const name of t.members)
      plan.memberRows.push({ teamId: id, userId: user(name).id, role: 'member', joinedAt: joined(name) });
    for (const a of t.applications)
      plan.applicationRows.push({
        teamId: id,
        userId: user(a.by).id,
        message: a.message,
        status: 'pending',
        createdAt: at(int(rng, 6, 100) * HOUR),
      });
    for (const name of t.invites)
      plan.inviteRows.push({
        teamId: id,
        userId: user(name).id,
        invitedBy: leader.id,
        status: 'pending',
        createdAt: at(int(rng, 6, 72) * HOUR),
      });
    t.gallery.forEach((g, k) => {
      plan.galleryRows.push({
        teamId: id,
        image: image(`team-${t.key}-gallery-${k + 1}`, () => sceneSvg(g.scene, `${t.key}-gallery-${k}`)),
        caption: g.caption,
        uploadedBy: user(g.by).id,
        createdAt: at(int(rng, 2, 40) * DAY),
      });
    });
  }
  return plan;
}

/** Writes the planned teams (ids already the real ones); the member counts follow from the trigger. */
export async function seedTeams(tx: Db, plan: TeamPlan): Promise<void> {
  if (plan.teamRows.length === 0) return;
  await tx.insert(teams).values(plan.teamRows);
  await tx.insert(teamMembers).values(plan.memberRows);
  if (plan.inviteRows.length > 0) await tx.insert(teamInvites).values(plan.inviteRows);
  if (plan.applicationRows.length > 0) await tx.insert(teamApplications).values(plan.applicationRows);
  if (plan.galleryRows.length > 0) await tx.insert(teamGallery).values(plan.galleryRows);
}
