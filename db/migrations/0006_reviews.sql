CREATE TABLE "reviews" (
	"run_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"verdict" text NOT NULL,
	"category" text,
	"actions" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp(6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "verdict_rules" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_run_id_runs_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_status_category_idx" ON "reviews" USING btree ("status","category");