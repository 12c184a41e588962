import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PlayStyle, TeamApplicationStatus, TeamInviteStatus, TeamRole } from '../../../contract/teams';
import { createdAt, id, ts } from './columns';
import { users } from './users';

export const teams = pgTable(
  'teams',
  {
    id: id(),
    name: text('name').notNull().unique(),
    tagline: text('tagline'),
    description: text('description'),
    logo: text('logo'),
    banner: text('banner'),
    colorTheme: text('color_theme').notNull().default('#000000'),
    playStyle: text('play_style').$type<PlayStyle>(),
    location: text('location'),
    visibility: text('visibility').notNull().default('public'),
    isRecruiting: boolean('is_recruiting').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The team_members rows of the team, kept exact by a trigger on team_members (migration team_member_count). */
    memberCount: integer('member_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('teams_name_lower_uq').on(sql`lower(${t.name})`),
    index('teams_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    /** GET /api/teams?search=: one trigram index over name, tagline and location (teams/queries.ts SEARCH_TEXT). */
    index('teams_search_trgm_idx').using(
      'gin',
      sql`lower(${t.name} || ' ' || coalesce(${t.tagline}, '') || ' ' || coalesce(${t.location}, '')) gin_trgm_ops`,
    ),
    check('teams_play_style_check', sql`${t.playStyle} IN ('speedsoft', 'milsim', 'casual', 'competitive')`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: id(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<TeamRole>().notNull().default('member'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [
    /** INCLUDE (role, joined_at) in migration 0022 (drizzle cannot declare it): the viewer's place, index-only. */
    uniqueIndex('team_members_pair_uq').on(t.teamId, t.userId),
    index('team_members_user_idx').on(t.userId, t.joinedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    /**
     * The roster: leader, co-leaders, members, each by join date (teams/queries.ts rankOf), then
     * role and id, so that a page of members is an index-only scan (teams/queries.ts membersQuery).
     */
    index('team_members_roster_idx').on(
      t.teamId,
      sql`(CASE ${t.role} WHEN 'leader' THEN 0 WHEN 'co-leader' THEN 1 ELSE 2 END)`,
      t.joinedAt,
      t.userId,
      t.role,
      t.id,
    ),
    /** One leader per team, whatever races. */
    uniqueIndex('team_members_one_leader_uq').on(t.teamId).where(sql`${t.role} = 'leader'`),
    check('team_members_role_check', sql`${t.role} IN ('leader', 'co-leader', 'member')`),
  ],
);

export const teamInvites = pgTable(
  'team_invites',
  {
    id: id(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<TeamInviteStatus>().notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invites_pair_uq').on(t.teamId, t.userId),
    index('team_invites_user_idx').on(t.userId),
    index('team_invites_team_idx').on(t.teamId, t.status, t.createdAt),
  ],
);

export const teamApplications = pgTable(
  'team_applications',
  {
    id: id(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    status: text('status').$type<TeamApplicationStatus>().notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_applications_pair_uq').on(t.teamId, t.userId),
    index('team_applications_team_idx').on(t.teamId, t.status, t.createdAt),
    index('team_applications_user_idx').on(t.userId),
  ],
);

export const teamGallery = pgTable(
  'team_gallery',
  {
    id: id(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    caption: text('caption'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('team_gallery_team_idx').on(t.teamId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
