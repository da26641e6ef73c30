ALTER TABLE "creation_records" ADD COLUMN "negative_prompt" text;--> statement-breakpoint
ALTER TABLE "creation_records" ADD COLUMN "seed" integer;--> statement-breakpoint
ALTER TABLE "creation_records" ADD COLUMN "steps" integer;--> statement-breakpoint
ALTER TABLE "creation_records" ADD COLUMN "cfg_scale" double precision;--> statement-breakpoint
ALTER TABLE "creation_records" ADD COLUMN "strength" double precision;--> statement-breakpoint
ALTER TABLE "creation_records" ADD COLUMN "sampler" text;--> statement-breakpoint
ALTER TABLE "creation_records" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "batch_index" integer;