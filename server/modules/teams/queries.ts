import { and, desc, eq, inArray, type SQL, type Subquery, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgTable, QueryBuilder } from 'drizzle-orm/pg-core';
import { PAGE_MAX_LIMIT, type TeamRole } from '../../../contract';
import type { Db } from '../../db/client';
import { literalLimit, preparedQuery, statementOf } from '../../db/prepared';
import { teamApplications, teamGallery, teamInvites, teamMembers, teams, users } from '../../db/schema';

/**
 * The teams module's reads, typed from the schema (issue 21). Every read is one statement whatever
 * the roster size (the viewer's place in the team comes in the same statement as what is read).
 * The hot reads (a team, the directory without a search term, the roster pages) are prepared once
 * per shape (preparedQuery: named prepared statements on PostgreSQL, decision 007) with their
 * values as placeholders; their page sizes are written in as literals.
 */

const qb = new QueryBuilder();
const ph = sql.placeholder;
const pageLimit = (limit: number) => literalLimit(limit, PAGE_MAX_LIMIT);

/** A member's place in the roster: leader, co-leaders, members (the team_members_roster_idx expression). */
const rankOf = (role: AnyPgColumn) =>
  sql<number>`(CASE ${role} WHEN 'leader' THEN 0 WHEN 'co-leader' THEN 1 ELSE 2 END)`;
const RANKS: Record<TeamRole, number> = { leader: 0, 'co-leader': 1, member: 2 };

/** The text the directory search reads (the teams_search_trgm_idx expression). */
const SEARCH_TEXT = sql`lower(${teams.name} || ' ' || coalesce(${teams.tagline}, '') || ' ' || coalesce(${teams.location}, ''))`;
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** The viewer's membership; for an anonymous viewer the join is `ON false` (no row, no index probe). */
const vm = alias(teamMembers, 'vm');
const viewerOn = (viewer: boolean) =>
  viewer ? and(eq(vm.teamId, teams.id), eq(vm.userId, ph('viewer'))) : sql`false`;

// ---------------------------------------------------------------------------------------------
// Teams
// ---------------------------------------------------------------------------------------------

const va = alias(teamApplications, 'va');
const vi = alias(teamInvites, 'vi');
const ib = alias(users, 'ib');
const co = alias(teamMembers, 'co');

/**
 * The team's columns and the viewer's role, application, invite (and, for a leader, whether a
 * co-leader exists). An anonymous viewer has no place in any team: the team's columns alone,
 * without the four joins.
 */
function viewerTeams(db: Db) {
  return db
    .select({
      team: teams,
      viewerRole: vm.role,
      application: { id: va.id, status: va.status, message: va.message, createdAt: va.createdAt },
      invite: { id: vi.id, createdAt: vi.createdAt },
      inviter: { id: ib.id, username: ib.username },
      hasCoLeader: sql<boolean>`CASE WHEN ${vm.role} = 'leader' THEN EXISTS (${qb
        .select({ one: sql`1` })
        .from(co)
        .where(and(eq(co.teamId, teams.id), eq(rankOf(co.role), 1)))}) ELSE false END`,
    })
    .from(teams)
    .leftJoin(vm, viewerOn(true))
    .leftJoin(
      va,
      and(
        eq(va.teamId, teams.id),
        eq(va.userId, ph('viewer')),
        inArray(va.status, ['pending', 'rejected']),
        sql`${vm.role} IS NULL`,
      ),
    )
    .leftJoin(vi, and(eq(vi.teamId, teams.id), eq(vi.userId, ph('viewer')), eq(vi.status, 'pending')))
    .leftJoin(ib, eq(ib.id, vi.invitedBy));
}

const anonymousTeams = (db: Db) => db.select({ team: teams }).from(teams);

export type AnonymousTeamRow = Awaited<ReturnType<ReturnType<typeof anonymousTeams>['execute']>>[number];
export type ViewerTeamRow = Awaited<ReturnType<ReturnType<typeof viewerTeams>['execute']>>[number];
export type TeamRow = AnonymousTeamRow | ViewerTeamRow;

export interface TeamListOptions {
  search?: string;
  playStyle?: string;
  isRecruiting?: boolean;
  limit: number;
  before?: string;
}

/**
 * Whether the directory statement runs as a named prepared statement. Not with a search term: a
 * generic plan cannot see the term, so it would take the trigram index for every term and sort
 * all the matches (a quarter of the teams for a common word); planned with its term, the planner
 * walks teams_created_idx for a common term and takes the trigram index for a rare one.
 */
export const listTeamsPrepared = (opts: TeamListOptions) => !opts.search?.trim();

const tb = alias(teams, 'b');

/** The directory's filters: play style, recruiting, a search over name, tagline and location, and the cursor. */
function directoryWhere(opts: TeamListOptions): SQL | undefined {
  return and(
    opts.search?.trim() ? sql`${SEARCH_TEXT} LIKE ${ph('search')}` : undefined,
    opts.playStyle ? eq(teams.playStyle, ph('playStyle')) : undefined,
    opts.isRecruiting !== undefined ? eq(teams.isRecruiting, ph('isRecruiting')) : undefined,
    opts.before
      ? sql`(${teams.createdAt}, ${teams.id}) < (${qb
          .select({ createdAt: tb.createdAt, id: tb.id })
          .from(tb)
          .where(eq(tb.id, ph('before')))})`
      : undefined,
  );
}

/** The directory: newest first (teams_created_idx), filtered (directoryWhere); `before` is the last team's id. */
function directoryQuery(db: Db, opts: TeamListOptions, viewer: boolean) {
  const order = [desc(teams.createdAt), desc(teams.id)];
  const limit = pageLimit(opts.limit);
  if (viewer)
    return viewerTeams(db)
      .where(directoryWhere(opts))
      .orderBy(...order)
      .limit(limit);
  return anonymousTeams(db)
    .where(directoryWhere(opts))
    .orderBy(...order)
    .limit(limit);
}

const directoryValues = (opts: TeamListOptions, viewerId: string | null) => ({
  search: opts.search?.trim() ? likePattern(opts.search.trim()) : undefined,
  playStyle: opts.playStyle,
  isRecruiting: opts.isRecruiting,
  before: opts.before,
  viewer: viewerId,
});

const directoryShape = (opts: TeamListOptions, viewer: boolean) =>
  `teams.directory:${viewer}:${Boolean(opts.search?.trim())}:${Boolean(opts.playStyle)}:${opts.isRecruiting !== undefined}:${Boolean(opts.before)}:${opts.limit}`;

export function selectTeams(db: Db, opts: TeamListOptions, viewerId: string | null): Promise<TeamRow[]> {
  const values = directoryValues(opts, viewerId);
  const viewer = viewerId !== null;
  // With a search term: built once, but sent unnamed, so planned with its term (listTeamsPrepared).
  return preparedQuery(
    db,
    directoryShape(opts, viewer),
    () => directoryQuery(db, opts, viewer),
    listTeamsPrepared(opts),
  ).execute(values);
}

const teamQuery = (db: Db, viewer: boolean) =>
  viewer ? viewerTeams(db).where(eq(teams.id, ph('id'))) : anonymousTeams(db).where(eq(teams.id, ph('id')));

/** One team with the viewer's place in it (the statement of GET /api/teams/{id}). */
export async function selectTeam(db: Db, id: string, viewerId: string | null): Promise<TeamRow | undefined> {
  const viewer = viewerId !== null;
  const [row] = await preparedQuery(db, `teams.team:${viewer}`, () => teamQuery(db, viewer)).execute({
    id,
    viewer: viewerId,
  });
  return row;
}

export async function teamExists(db: Db, id: string): Promise<boolean> {
  const found = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, id));
  return found.length > 0;
}

/** The team's member count (teams.member_count, kept exact by a trigger on team_members). */
export async function memberCountOf(db: Db, teamId: string): Promise<number> {
  const [row] = await db.select({ n: teams.memberCount }).from(teams).where(eq(teams.id, teamId));
  return row?.n ?? 0;
}

const tm = alias(teamMembers, 'tm');
const tu = alias(users, 'tu');

/**
 * The team (undefined when missing) and the viewer's role in it; with `target`, that user's role
 * and name (null when no such user); with `lock`, the team row locked until the transaction ends.
 */
export async function selectPlace(db: Db, teamId: string, viewerId: string, target?: string, lock = false) {
  const query = db
    .select({
      name: teams.name,
      isRecruiting: teams.isRecruiting,
      viewerRole: vm.role,
      targetRole: tm.role,
      targetUser: { username: tu.username, avatar: tu.avatar },
    })
    .from(teams)
    .leftJoin(vm, and(eq(vm.teamId, teams.id), eq(vm.userId, viewerId)))
    .leftJoin(tm, target ? and(eq(tm.teamId, teams.id), eq(tm.userId, target)) : sql`false`)
    .leftJoin(tu, target ? eq(tu.id, target) : sql`false`)
    .where(eq(teams.id, teamId));
  const [row] = await (lock ? query.for('update', { of: teams }) : query);
  return row;
}

export type PlaceRow = NonNullable<Awaited<ReturnType<typeof selectPlace>>>;

// ---------------------------------------------------------------------------------------------
// Rosters: a page of a team's members, applications, invites or gallery plus the viewer's role,
// in one statement: the team row (no row: the team is missing) with the page joined laterally
// (an empty page: one row whose item is null).
// ---------------------------------------------------------------------------------------------

/**
 * A column of the lateral page `p`, written as `"p"."<its name>"`, decoded and typed as the schema
 * column it comes from. Drizzle's own `p.userId` is a proxy whose traps run for every row and
 * field read: a fifth of the members page's CPU in the app. The page's `id` stays `p.id`, a
 * column of `p`, by which Drizzle answers a null item for the row of an empty page.
 */
const pageColumn = <C extends AnyPgColumn>(column: C) =>
  sql`"p".${sql.identifier(column.name)}`.mapWith(column) as SQL<
    C['_']['notNull'] extends true ? C['_']['data'] : C['_']['data'] | null
  >;

/**
 * The team row (by the `teamId` placeholder), the viewer's role in it, and the page `p` joined
 * laterally, in the page's order: the outer statement of every roster.
 */
function teamWithPage<I extends Record<string, SQL | SQL.Aliased | AnyPgColumn>>(
  db: Db,
  page: Subquery,
  item: I,
  viewer: boolean,
  order: (SQL | SQL.Aliased | AnyPgColumn)[],
) {
  return db
    .select({ viewerRole: vm.role, item })
    .from(teams)
    .leftJoin(vm, viewerOn(viewer))
    .leftJoinLateral(page, sql`true`)
    .where(eq(teams.id, ph('teamId')))
    .orderBy(...order);
}

/** The rows of `table` past the row whose id is the `before` placeholder, in (created_at, id) order. */
function pastCursor(
  table: PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn },
  b: PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn },
  direction: 'asc' | 'desc',
  present: boolean,
): SQL | undefined {
  if (!present) return undefined;
  const cursor = qb
    .select({ createdAt: b.createdAt, id: b.id })
    .from(b)
    .where(eq(b.id, ph('before')));
  return sql`(${table.createdAt}, ${table.id}) ${sql.raw(direction === 'asc' ? '>' : '<')} (${cursor})`;
}

export interface MembersOptions {
  role?: TeamRole;
  limit: number;
  before?: string;
}

/**
 * The statement of GET /api/teams/{id}/members: leader, co-leaders, members, each by join date.
 * The page is read off team_members_roster_idx in its order and stops after `limit` entries,
 * whatever the roster size: the team id is bound in the inner query itself (correlated on the
 * team row, the plan costed it for the average team and sorted the whole roster), and the index
 * holds every column read (an index-only scan, no heap visit; the cursor is where the scan starts).
 */
function membersQuery(db: Db, opts: MembersOptions, viewer: boolean) {
  const m0 = alias(teamMembers, 'm');
  const b = alias(teamMembers, 'b');
  const rank = rankOf(m0.role);
  const m = qb
    .select({ id: m0.id, userId: m0.userId, role: m0.role, joinedAt: m0.joinedAt, rank: rank.as('rank') })
    .from(m0)
    .where(
      and(
        eq(m0.teamId, ph('teamId')),
        opts.role ? eq(rank, ph('rank')) : undefined,
        opts.before
          ? sql`(${rank}, ${m0.joinedAt}, ${m0.userId}) > (${qb
              .select({ rank: rankOf(b.role), joinedAt: b.joinedAt, userId: b.userId })
              .from(b)
              .where(and(eq(b.teamId, ph('teamId')), eq(b.userId, ph('before'))))})`
          : undefined,
      ),
    )
    .orderBy(rank, m0.joinedAt, m0.userId)
    .limit(pageLimit(opts.limit))
    .as('mp');
  const p = qb
    .select({
      id: m.id,
      userId: m.userId,
      username: users.username,
      avatar: users.avatar,
      role: m.role,
      joinedAt: m.joinedAt,
      rank: m.rank,
    })
    .from(m)
    .innerJoin(users, eq(users.id, m.userId))
    .as('p');
  return teamWithPage(
    db,
    p,
    {
      id: p.id,
      userId: pageColumn(teamMembers.userId),
      username: pageColumn(users.username),
      avatar: pageColumn(users.avatar),
      role: pageColumn(teamMembers.role),
      joinedAt: pageColumn(teamMembers.joinedAt),
    },
    viewer,
    [p.rank, p.joinedAt, p.userId],
  );
}

const membersValues = (teamId: string, opts: MembersOptions, viewerId: string | null) => ({
  teamId,
  rank: opts.role ? RANKS[opts.role] : undefined,
  before: opts.before,
  viewer: viewerId,
});

const membersShape = (opts: MembersOptions, viewer: boolean) =>
  `teams.members:${viewer}:${Boolean(opts.role)}:${Boolean(opts.before)}:${opts.limit}`;

export const selectMembers = (db: Db, teamId: string, opts: MembersOptions, viewerId: string | null) =>
  preparedQuery(db, membersShape(opts, viewerId !== null), () =>
    membersQuery(db, opts, viewerId !== null),
  ).execute(membersValues(teamId, opts, viewerId));

export type MemberItem = NonNullable<Awaited<ReturnType<typeof selectMembers>>[number]['item']>;

export interface PageOptions {
  limit: number;
  before?: string;
}

/** The pending applications, oldest first. */
function applicationsQuery(db: Db, opts: PageOptions) {
  const a = teamApplications;
  const b = alias(teamApplications, 'b');
  const p = qb
    .select({
      id: a.id,
      teamId: a.teamId,
      userId: a.userId,
      username: users.username,
      avatar: users.avatar,
      message: a.message,
      status: a.status,
      createdAt: a.createdAt,
    })
    .from(a)
    .innerJoin(users, eq(users.id, a.userId))
    .where(
      and(eq(a.teamId, teams.id), eq(a.status, 'pending'), pastCursor(a, b, 'asc', Boolean(opts.before))),
    )
    .orderBy(a.createdAt, a.id)
    .limit(pageLimit(opts.limit))
    .as('p');
  return teamWithPage(
    db,
    p,
    {
      id: p.id,
      teamId: pageColumn(teamApplications.teamId),
      userId: pageColumn(teamApplications.userId),
      username: pageColumn(users.username),
      avatar: pageColumn(users.avatar),
      message: pageColumn(teamApplications.message),
      status: pageColumn(teamApplications.status),
      createdAt: pageColumn(teamApplications.createdAt),
    },
    true,
    [p.createdAt, p.id],
  );
}

export const selectApplications = (db: Db, teamId: string, opts: PageOptions, viewerId: string) =>
  preparedQuery(db, `teams.applications:${Boolean(opts.before)}:${opts.limit}`, () =>
    applicationsQuery(db, opts),
  ).execute({ teamId, before: opts.before, viewer: viewerId });

/** The pending invites, newest first. */
function invitesQuery(db: Db, opts: PageOptions) {
  const i = teamInvites;
  const b = alias(teamInvites, 'b');
  const p = qb
    .select({
      id: i.id,
      teamId: i.teamId,
      userId: i.userId,
      username: users.username,
      avatar: users.avatar,
      status: i.status,
      invitedById: i.invitedBy,
      invitedByUsername: sql<string | null>`${ib.username}`.as('invited_by_username'),
      createdAt: i.createdAt,
    })
    .from(i)
    .innerJoin(users, eq(users.id, i.userId))
    .leftJoin(ib, eq(ib.id, i.invitedBy))
    .where(
      and(eq(i.teamId, teams.id), eq(i.status, 'pending'), pastCursor(i, b, 'desc', Boolean(opts.before))),
    )
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(pageLimit(opts.limit))
    .as('p');
  return teamWithPage(
    db,
    p,
    {
      id: p.id,
      teamId: pageColumn(teamInvites.teamId),
      userId: pageColumn(teamInvites.userId),
      username: pageColumn(users.username),
      avatar: pageColumn(users.avatar),
      status: pageColumn(teamInvites.status),
      invitedById: pageColumn(teamInvites.invitedBy),
      invitedByUsername: p.invitedByUsername,
      createdAt: pageColumn(teamInvites.createdAt),
    },
    true,
    [desc(p.createdAt), desc(p.id)],
  );
}

export const selectInvites = (db: Db, teamId: string, opts: PageOptions, viewerId: string) =>
  preparedQuery(db, `teams.invites:${Boolean(opts.before)}:${opts.limit}`, () =>
    invitesQuery(db, opts),
  ).execute({
    teamId,
    before: opts.before,
    viewer: viewerId,
  });

export type InviteItem = NonNullable<Awaited<ReturnType<typeof selectInvites>>[number]['item']>;

/** The gallery, newest first. */
function galleryQuery(db: Db, opts: PageOptions, viewer: boolean) {
  const g = teamGallery;
  const b = alias(teamGallery, 'b');
  const ub = alias(users, 'ub');
  const p = qb
    .select({
      id: g.id,
      teamId: g.teamId,
      image: g.image,
      caption: g.caption,
      uploadedById: g.uploadedBy,
      uploadedByUsername: sql<string | null>`${ub.username}`.as('uploaded_by_username'),
      createdAt: g.createdAt,
    })
    .from(g)
    .leftJoin(ub, eq(ub.id, g.uploadedBy))
    .where(and(eq(g.teamId, teams.id), pastCursor(g, b, 'desc', Boolean(opts.before))))
    .orderBy(desc(g.createdAt), desc(g.id))
    .limit(pageLimit(opts.limit))
    .as('p');
  return teamWithPage(
    db,
    p,
    {
      id: p.id,
      teamId: pageColumn(teamGallery.teamId),
      image: pageColumn(teamGallery.image),
      caption: pageColumn(teamGallery.caption),
      uploadedById: pageColumn(teamGallery.uploadedBy),
      uploadedByUsername: p.uploadedByUsername,
      createdAt: pageColumn(teamGallery.createdAt),
    },
    viewer,
    [desc(p.createdAt), desc(p.id)],
  );
}

export const selectGallery = (db: Db, teamId: string, opts: PageOptions, viewerId: string | null) =>
  preparedQuery(db, `teams.gallery:${viewerId !== null}:${Boolean(opts.before)}:${opts.limit}`, () =>
    galleryQuery(db, opts, viewerId !== null),
  ).execute({ teamId, before: opts.before, viewer: viewerId });

export type GalleryItem = NonNullable<Awaited<ReturnType<typeof selectGallery>>[number]['item']>;

// ---------------------------------------------------------------------------------------------
// A user's invites and teams
// ---------------------------------------------------------------------------------------------

/** The viewer's pending invites, newest first, with their teams. */
export function selectUserInvites(db: Db, userId: string, opts: PageOptions) {
  const i = teamInvites;
  const b = alias(teamInvites, 'b');
  return db
    .select({
      id: i.id,
      createdAt: i.createdAt,
      inviter: { id: ib.id, username: ib.username },
      team: {
        id: teams.id,
        name: teams.name,
        tagline: teams.tagline,
        logo: teams.logo,
        playStyle: teams.playStyle,
        memberCount: teams.memberCount,
      },
    })
    .from(i)
    .innerJoin(teams, eq(teams.id, i.teamId))
    .leftJoin(ib, eq(ib.id, i.invitedBy))
    .where(
      and(
        eq(i.userId, userId),
        eq(i.status, 'pending'),
        opts.before
          ? sql`(${i.createdAt}, ${i.id}) < (${qb
              .select({ createdAt: b.createdAt, id: b.id })
              .from(b)
              .where(eq(b.id, opts.before))})`
          : undefined,
      ),
    )
    .orderBy(desc(i.createdAt), desc(i.id))
    .limit(pageLimit(opts.limit));
}

export type UserInviteRow = Awaited<ReturnType<typeof selectUserInvites>>[number];

/** The teams a user belongs to, most recently joined first; `before` is the last team's id. */
export function selectUserTeams(db: Db, opts: { userId: string; limit: number; before?: string }) {
  const m = teamMembers;
  const b = alias(teamMembers, 'b');
  return db
    .select({
      id: teams.id,
      name: teams.name,
      tagline: teams.tagline,
      logo: teams.logo,
      playStyle: teams.playStyle,
      role: m.role,
      joinedAt: m.joinedAt,
      memberCount: teams.memberCount,
    })
    .from(m)
    .innerJoin(teams, eq(teams.id, m.teamId))
    .where(
      and(
        eq(m.userId, opts.userId),
        opts.before
          ? sql`(${m.joinedAt}, ${m.id}) < (${qb
              .select({ joinedAt: b.joinedAt, id: b.id })
              .from(b)
              .where(and(eq(b.userId, opts.userId), eq(b.teamId, opts.before)))})`
          : undefined,
      ),
    )
    .orderBy(desc(m.joinedAt), desc(m.id))
    .limit(opts.limit);
}

export type UserTeamRow = Awaited<ReturnType<typeof selectUserTeams>>[number];

/** An application with the responder's role in its team. */
export async function selectApplicationPlace(
  db: Db,
  applicationId: string,
  teamId: string,
  viewerId: string,
) {
  const [row] = await db
    .select({
      userId: teamApplications.userId,
      status: teamApplications.status,
      viewerRole: vm.role,
      teamName: teams.name,
    })
    .from(teamApplications)
    .innerJoin(teams, eq(teams.id, teamApplications.teamId))
    .leftJoin(vm, and(eq(vm.teamId, teamApplications.teamId), eq(vm.userId, viewerId)))
    .where(and(eq(teamApplications.id, applicationId), eq(teamApplications.teamId, teamId)));
  return row;
}

/** The team's leader and co-leaders: who answer its applications (and are told of them). */
export function selectManagers(db: Db, teamId: string) {
  return db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.role, ['leader', 'co-leader'])));
}

/** An invite of the viewer's (someone else's is no row). */
export async function selectOwnInvite(db: Db, inviteId: string, userId: string) {
  const [row] = await db
    .select({ teamId: teamInvites.teamId, status: teamInvites.status })
    .from(teamInvites)
    .where(and(eq(teamInvites.id, inviteId), eq(teamInvites.userId, userId)));
  return row;
}

// ---------------------------------------------------------------------------------------------
// The benchmark's raw side (bench/teams.mts): the statements exactly as the app sends them.
// ---------------------------------------------------------------------------------------------

export const listTeamsSql = (db: Db, opts: TeamListOptions, viewerId: string | null) =>
  statementOf(
    directoryQuery(db, opts, viewerId !== null),
    directoryValues(opts, viewerId),
    listTeamsPrepared(opts),
  );

export const teamSql = (db: Db, id: string, viewerId: string | null) =>
  statementOf(teamQuery(db, viewerId !== null), { id, viewer: viewerId }, true);

export const membersSql = (db: Db, teamId: string, opts: MembersOptions, viewerId: string | null) =>
  statementOf(membersQuery(db, opts, viewerId !== null), membersValues(teamId, opts, viewerId), true);
