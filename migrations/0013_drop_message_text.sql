ALTER TABLE "credit_ledger" DROP COLUMN "description";--> statement-breakpoint
ALTER TABLE "creation_records" DROP COLUMN "error_message";--> statement-breakpoint
ALTER TABLE "generation_jobs" DROP COLUMN "error_message";