ALTER TABLE "stores" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "stores_lat_lng_idx" ON "stores" USING btree ("lat","lng");