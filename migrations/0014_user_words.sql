ALTER TABLE "creation_records" ADD COLUMN "user_words" text;--> statement-breakpoint
-- Workbench prompts were always the user's own words; tool rows stored a compiled prompt, so their words are unknown (Re-edit starts empty).
UPDATE "creation_records" SET "user_words" = "prompt" WHERE "tool_id" IS NULL AND "type" IN ('TEXT_TO_IMAGE', 'IMAGE_TO_IMAGE');
