CREATE TABLE "mail_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"student_id" integer,
	"user_id" integer,
	"audience" text NOT NULL,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"outbox_file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_jobs_status_ck" CHECK ("mail_jobs"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "mail_jobs_language_ck" CHECK ("mail_jobs"."language" in ('uz', 'en', 'ru')),
	CONSTRAINT "mail_jobs_audience_ck" CHECK ("mail_jobs"."audience" in ('student', 'profile', 'agent'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_student_id_student_infos_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_infos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_jobs_due_idx" ON "mail_jobs" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mail_jobs_created_idx" ON "mail_jobs" USING btree ("created_at");