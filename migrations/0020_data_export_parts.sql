ALTER TABLE "data_exports" ADD COLUMN "part" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "continues_id" text;--> statement-breakpoint
ALTER TABLE "data_exports" ADD COLUMN "not_included" jsonb;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_continues_id_data_exports_id_fk" FOREIGN KEY ("continues_id") REFERENCES "public"."data_exports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_continues_uq" ON "data_exports" USING btree ("continues_id");