CREATE TABLE "guard_decisions" (
	"run_id" text NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp(6) with time zone NOT NULL,
	"decision" text NOT NULL,
	"enforced" boolean NOT NULL,
	"breaker" text NOT NULL,
	"reason" text NOT NULL,
	"would_save" jsonb,
	CONSTRAINT "guard_decisions_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
CREATE TABLE "guard_runs" (
	"run_id" text PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'observe' NOT NULL,
	"state" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp(6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guard_decisions" ADD CONSTRAINT "guard_decisions_run_id_runs_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("run_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guard_runs" ADD CONSTRAINT "guard_runs_run_id_runs_run_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("run_id") ON DELETE cascade ON UPDATE no action;