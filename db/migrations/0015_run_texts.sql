CREATE TABLE "run_texts" (
	"run_id" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"text" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "text")) STORED NOT NULL,
	CONSTRAINT "run_texts_run_id_kind_ref_pk" PRIMARY KEY("run_id","kind","ref")
);
--> statement-breakpoint
ALTER TABLE "run_texts" ADD CONSTRAINT "run_texts_run_id_runs_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "run_texts_tsv_idx" ON "run_texts" USING gin ("tsv");