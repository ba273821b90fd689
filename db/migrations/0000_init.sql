CREATE TABLE "analysis_cache" (
	"run_id" text NOT NULL,
	"settings_hash" text NOT NULL,
	"data_version" integer NOT NULL,
	"report" jsonb NOT NULL,
	"created_at" timestamp(6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_cache_run_id_settings_hash_pk" PRIMARY KEY("run_id","settings_hash")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"run_id" text NOT NULL,
	"comment_id" text NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp(6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_run_id_comment_id_pk" PRIMARY KEY("run_id","comment_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"run_id" text NOT NULL,
	"event_id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ts" timestamp(6) with time zone NOT NULL,
	"kind" text NOT NULL,
	"tool" text,
	"detail" text,
	"status" integer,
	"state" text,
	"reason" text,
	"task_id" text,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "events_run_id_event_id_pk" PRIMARY KEY("run_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "iterations" (
	"run_id" text NOT NULL,
	"n" integer NOT NULL,
	"ts" timestamp(6) with time zone NOT NULL,
	"task_id" text,
	"tasks_completed" integer,
	"files_modified" jsonb,
	"lines_added" integer,
	"lines_removed" integer,
	"tests" jsonb,
	"newly_passing" integer,
	"build_errors_resolved" integer,
	"errors" jsonb,
	"reverted" boolean,
	"output_lines" integer,
	"api_calls" integer,
	"tokens_used" bigint,
	"context_tokens" bigint,
	"context_window" bigint,
	"approach" text,
	"work_kind" text,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "iterations_run_id_n_pk" PRIMARY KEY("run_id","n")
);
--> statement-breakpoint
CREATE TABLE "project_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp(6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "runs" (
	"run_id" text PRIMARY KEY NOT NULL,
	"name" text,
	"agent" text,
	"started_at" timestamp(6) with time zone,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"span_count" bigint DEFAULT 0 NOT NULL,
	"failure_count" bigint DEFAULT 0 NOT NULL,
	"iteration_count" integer DEFAULT 0 NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"span_tokens" bigint DEFAULT 0 NOT NULL,
	"iteration_tokens" bigint DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"first_at" timestamp(6) with time zone,
	"last_at" timestamp(6) with time zone,
	"data_version" integer DEFAULT 0 NOT NULL,
	"verdict" jsonb,
	"verdict_version" integer,
	"created_at" timestamp(6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spans" (
	"run_id" text NOT NULL,
	"span_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"t0" timestamp(6) with time zone NOT NULL,
	"t1" timestamp(6) with time zone NOT NULL,
	"duration_ms" double precision NOT NULL,
	"ok" boolean NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"iteration" integer,
	"task_id" text,
	"tokens_in" bigint,
	"tokens_out" bigint,
	"cost_usd" double precision,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "spans_run_id_span_id_pk" PRIMARY KEY("run_id","span_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"run_id" text NOT NULL,
	"task_id" text NOT NULL,
	"title" text,
	"status" text,
	"error_count" integer,
	"tokens_used" bigint,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "tasks_run_id_task_id_pk" PRIMARY KEY("run_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"filename" text,
	"accepted" integer NOT NULL,
	"rejected" integer NOT NULL,
	"run_ids" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"created_at" timestamp(6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "comments_run_idx" ON "comments" USING btree ("run_id","created_at");--> statement-breakpoint
CREATE INDEX "events_run_ts_idx" ON "events" USING btree ("run_id","ts","seq");--> statement-breakpoint
CREATE INDEX "runs_start_idx" ON "runs" USING btree (coalesce("started_at", "first_at") DESC,"run_id");--> statement-breakpoint
CREATE INDEX "spans_run_t0_idx" ON "spans" USING btree ("run_id","t0","span_id");--> statement-breakpoint
CREATE INDEX "spans_run_name_t0_idx" ON "spans" USING btree ("run_id","name","t0","span_id");--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");