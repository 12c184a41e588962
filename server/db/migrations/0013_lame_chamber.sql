CREATE TABLE "product_price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"currency" text NOT NULL,
	"in_stock" boolean NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_sources" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_price_history" ADD CONSTRAINT "product_price_history_source_id_product_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."product_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_price_history_source_idx" ON "product_price_history" USING btree ("source_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sources_product_vendor_key" ON "product_sources" USING btree ("product_id",lower("vendor"));--> statement-breakpoint
ALTER TABLE "product_sources" ADD CONSTRAINT "product_sources_currency_check" CHECK ("product_sources"."currency" IN ('CAD', 'USD'));