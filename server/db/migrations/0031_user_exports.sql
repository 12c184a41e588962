CREATE TABLE "user_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"object_key" text,
	"size" bigint,
	"last_error" text,
	CONSTRAINT "user_exports_status_check" CHECK ("user_exports"."status" IN ('pending', 'running', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "user_exports" ADD CONSTRAINT "user_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_exports_user_idx" ON "user_exports" USING btree ("user_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_exports_due_idx" ON "user_exports" USING btree ("requested_at") WHERE "user_exports"."status" IN ('pending', 'running');--> statement-breakpoint
CREATE INDEX "user_exports_expires_idx" ON "user_exports" USING btree ("expires_at") WHERE "user_exports"."expires_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_exports_one_open_uq" ON "user_exports" USING btree ("user_id") WHERE "user_exports"."status" IN ('pending', 'running');