ALTER TABLE "runs" ADD COLUMN "shape" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "outcome" jsonb;