import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    playStyle: text('play_style'),
    location: text('location'),
    visibility: text('visibility').notNull().default('public'),
    isRecruiting: boolean('is_recruiting').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('teams_name_lower_uq').on(sql`lower(${t.name})`),
    index('teams_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
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
    role: text('role').notNull().default('member'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_pair_uq').on(t.teamId, t.userId),
    index('team_members_user_idx').on(t.userId, t.joinedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
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
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_invites_pair_uq').on(t.teamId, t.userId),
    index('team_invites_user_idx').on(t.userId),
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
    status: text('status').notNull().default('pending'),
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
