ALTER TABLE "teams" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "team_invites_team_idx" ON "team_invites" USING btree ("team_id","status","created_at");--> statement-breakpoint
CREATE INDEX "team_members_roster_idx" ON "team_members" USING btree ("team_id",(CASE "role" WHEN 'leader' THEN 0 WHEN 'co-leader' THEN 1 ELSE 2 END),"joined_at","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_one_leader_uq" ON "team_members" USING btree ("team_id") WHERE "team_members"."role" = 'leader';--> statement-breakpoint
CREATE INDEX "teams_search_trgm_idx" ON "teams" USING gin (lower("name" || ' ' || coalesce("tagline", '') || ' ' || coalesce("location", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_role_check" CHECK ("team_members"."role" IN ('leader', 'co-leader', 'member'));--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_play_style_check" CHECK ("teams"."play_style" IN ('speedsoft', 'milsim', 'casual', 'competitive'));