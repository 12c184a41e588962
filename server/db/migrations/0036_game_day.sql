CREATE TABLE "event_check_ins" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_in_by" uuid,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_check_ins_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_chrono_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"replica_class" text NOT NULL,
	"fps" double precision,
	"bb_weight_grams" double precision,
	"joules" double precision NOT NULL,
	"limit_joules" double precision,
	"pass" boolean NOT NULL,
	"measured_by" uuid,
	"measured_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_chrono_results_class_check" CHECK ("event_chrono_results"."replica_class" IN ('aeg', 'dmr', 'sniper'))
);
--> statement-breakpoint
CREATE TABLE "user_replicas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"replica_class" text NOT NULL,
	"fps" double precision NOT NULL,
	"bb_weight_grams" double precision NOT NULL,
	"measured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_replicas_class_check" CHECK ("user_replicas"."replica_class" IN ('aeg', 'dmr', 'sniper'))
);
--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_check_ins" ADD CONSTRAINT "event_check_ins_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_chrono_results" ADD CONSTRAINT "event_chrono_results_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_chrono_results" ADD CONSTRAINT "event_chrono_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_chrono_results" ADD CONSTRAINT "event_chrono_results_measured_by_users_id_fk" FOREIGN KEY ("measured_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_replicas" ADD CONSTRAINT "user_replicas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_chrono_results_event_user_idx" ON "event_chrono_results" USING btree ("event_id","user_id","measured_at");--> statement-breakpoint
CREATE INDEX "user_replicas_user_idx" ON "user_replicas" USING btree ("user_id","created_at");