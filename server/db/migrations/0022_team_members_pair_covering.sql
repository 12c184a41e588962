-- The viewer's place in a team (and the members cursor) is a lookup by (team_id, user_id): with
-- role and joined_at carried in the unique index it is an index-only scan of one entry, which a
-- generic plan prefers to scanning the team's entries in team_members_roster_idx (that index
-- holds every column too). drizzle cannot declare INCLUDE, hence this hand-written migration;
-- the unique key, and ON CONFLICT (team_id, user_id), are unchanged.
DROP INDEX "team_members_pair_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_pair_uq" ON "team_members" USING btree ("team_id","user_id") INCLUDE ("role","joined_at");
