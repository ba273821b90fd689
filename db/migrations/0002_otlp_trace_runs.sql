CREATE TABLE "otlp_traces" (
	"trace_id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"created_at" timestamp(6) with time zone DEFAULT now() NOT NULL
);
