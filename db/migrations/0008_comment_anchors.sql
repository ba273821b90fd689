ALTER TABLE "comments" ADD COLUMN "author_user_id" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "span_id" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "iteration" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "at" timestamp(6) with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "parent_id" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "edited_at" timestamp(6) with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_user_id_users_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_run_id_parent_id_comments_run_id_comment_id_fk" FOREIGN KEY ("run_id","parent_id") REFERENCES "public"."comments"("run_id","comment_id") ON DELETE cascade ON UPDATE no action;