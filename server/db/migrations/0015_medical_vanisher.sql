DROP INDEX "user_badges_user_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "user_badges_user_badge_uq" ON "user_badges" USING btree ("user_id","badge");