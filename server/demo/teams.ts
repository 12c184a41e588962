import { randomUUID } from 'node:crypto';
import { teamTag } from '../../contract';
import type { Db } from '../db/client';
import { teamApplications, teamGallery, teamInvites, teamMembers, teams } from '../db/schema';
import { bannerSvg, logoSvg, sceneSvg } from './art';
import { DEMO_TEAMS } from './data/teams';
import { between, int, type Rng } from './random';

/**
 * Demo teams (issue 12): at least two of each play style, with leaders, co-leaders, members,
 * pending applications, pending invites and gallery images. The rows are dated in the past (a team
 * founded 300 days ago, members joining since), which the team service, stamping now(), cannot do:
 * they go in directly, and teams.member_count follows from the team_members trigger as it does for
 * the service's writes. The badges that founding and joining earn come from the seed's backfill.
 */

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
