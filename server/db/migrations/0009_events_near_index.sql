DROP INDEX "events_lat_lng_idx";--> statement-breakpoint
CREATE INDEX "events_near_idx" ON "events" USING btree ("lat","lng","date","type","id") WHERE "events"."lat" IS NOT NULL;