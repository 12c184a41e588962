DROP INDEX "search_events_occurred_idx";--> statement-breakpoint
CREATE INDEX "search_events_occurred_query_idx" ON "search_events" USING btree ("occurred_at","query");