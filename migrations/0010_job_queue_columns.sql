ALTER TABLE "generation_jobs" ADD COLUMN "run_after" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "run_id" text;--> statement-breakpoint
CREATE INDEX "generation_jobs_waiting_idx" ON "generation_jobs" USING btree ("created_at") WHERE "generation_jobs"."status" = 'PROCESSING' and "generation_jobs"."started_at" is null;--> statement-breakpoint
CREATE INDEX "generation_jobs_user_started_idx" ON "generation_jobs" USING btree ("user_id","started_at");