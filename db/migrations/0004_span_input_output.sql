ALTER TABLE "spans" ADD COLUMN "input" jsonb;--> statement-breakpoint
ALTER TABLE "spans" ADD COLUMN "output" text;