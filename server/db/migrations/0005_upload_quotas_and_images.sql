CREATE TABLE "images" (
	"object_path" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "upload_tokens_user_idx";--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD COLUMN "bytes" integer;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD COLUMN "cleaned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_created_idx" ON "images" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "upload_tokens_user_idx" ON "upload_tokens" USING btree ("user_id","created_at");--> statement-breakpoint
INSERT INTO "images" ("object_path", "user_id", "created_at")
  SELECT "object_path", "user_id", coalesce("registered_at", "created_at") FROM "upload_tokens"
  WHERE "object_path" IS NOT NULL
  ON CONFLICT DO NOTHING;
