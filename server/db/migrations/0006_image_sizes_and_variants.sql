ALTER TABLE "images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "placeholder" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "variant_widths" integer[] DEFAULT '{}'::integer[] NOT NULL;