import { and, eq, inArray, sql } from 'drizzle-orm';
import { EVENT_TEXTS, type EventHostTeam, TEAM_TEXTS } from '../../../contract';
import type { Db } from '../../db/client';
import { events, teamMembers, teams } from '../../db/schema';
import { badRequest, forbidden, notFound, unauthorized } from '../../errors';
import type { SessionUser } from '../auth';

/**
 * An event's organisers (issue 25): admins, and the leader and co-leaders of its host team
 * (`events.host_team_id`). They edit the event, see its roster, run its check-in and message its
 * players. Everything that guards an organiser's route asks here; the answers carry the result
 * for the viewer (Event.abilities, policy.ts).
 */

const OFFICER_ROLES = ['leader', 'co-leader'] as const;

/** Whether a team role makes its holder an organiser of the team's events. */
export const isOfficerRole = (role: string | null | undefined) =>
  (OFFICER_ROLES as readonly string[]).includes(role ?? '');

/** The event's host team and the viewer's role in it; undefined when the event does not exist. */
export async function selectHost(
  db: Db,
  eventId: string,
  viewerId: string | null,
): Promise<{ hostTeam: EventHostTeam | null; viewerIsOfficer: boolean } | undefined> {
  const [row] = await db
    .select({ teamId: teams.id, teamName: teams.name, role: teamMembers.role })
    .from(events)
    .leftJoin(teams, eq(teams.id, events.hostTeamId))
    .leftJoin(
      teamMembers,
      and(
        eq(teamMembers.teamId, events.hostTeamId),
        viewerId ? eq(teamMembers.userId, viewerId) : sql`false`,
      ),
    )
    .where(eq(events.id, eventId));
  if (!row) return undefined;
  const hostTeam = row.teamId && row.teamName ? { id: row.teamId, name: row.teamName } : null;
  const viewerIsOfficer = !!viewerId && !!hostTeam && isOfficerRole(row.role);
  return { hostTeam, viewerIsOfficer };
}

/** True for an admin, or the leader or a co-leader of the event's host team. False for no user or no such event. */
export async function isOrganiser(db: Db, user: SessionUser | null, eventId: string): Promise<boolean> {
  if (!user) return false;
  if (user.role === 'admin') return true;
  const host = await selectHost(db, eventId, user.id);
  return !!host?.viewerIsOfficer;
}

/** 401 with no user, 404 'Event not found' for no such event, 403 unless an organiser of it. */
export async function requireOrganiser(db: Db, user: SessionUser | null, eventId: string): Promise<void> {
  if (!user) throw unauthorized();
  const host = await selectHost(db, eventId, user.id);
  if (!host) throw notFound(EVENT_TEXTS.eventNotFound);
  if (user.role !== 'admin' && !host.viewerIsOfficer) throw forbidden();
}

/**
 * Whether `user` may host events for `teamId` (POST /api/events, PATCH hostTeamId): admins any
 * team, the team's leader or a co-leader their own. 400 (on hostTeamId) for no such team, 403
 * for anyone else.
 */
export async function requireHostable(db: Db, user: SessionUser, teamId: string): Promise<void> {
  const [team] = await db
    .select({ id: teams.id, role: teamMembers.role })
    .from(teams)
    .leftJoin(
      teamMembers,
      and(
        eq(teamMembers.teamId, teams.id),
        eq(teamMembers.userId, user.id),
        inArray(teamMembers.role, [...OFFICER_ROLES]),
      ),
    )
    .where(eq(teams.id, teamId));
  if (!team) throw badRequest(TEAM_TEXTS.teamNotFound, { hostTeamId: [TEAM_TEXTS.teamNotFound] });
  if (user.role !== 'admin' && !team.role) throw forbidden();
}
