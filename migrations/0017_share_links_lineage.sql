CREATE TABLE "creation_shares" (
	"token" text PRIMARY KEY NOT NULL,
	"record_id" text NOT NULL,
	"user_id" text NOT NULL,
	"include_prompt" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creation_shares_record_id_unique" UNIQUE("record_id")
);
--> statement-breakpoint
CREATE TABLE "creation_sources" (
	"record_id" text PRIMARY KEY NOT NULL,
	"source_record_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creation_shares" ADD CONSTRAINT "creation_shares_record_id_creation_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."creation_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creation_shares" ADD CONSTRAINT "creation_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creation_sources" ADD CONSTRAINT "creation_sources_record_id_creation_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."creation_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creation_sources" ADD CONSTRAINT "creation_sources_source_record_id_creation_records_id_fk" FOREIGN KEY ("source_record_id") REFERENCES "public"."creation_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creation_shares_user_idx" ON "creation_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "creation_sources_source_idx" ON "creation_sources" USING btree ("source_record_id");