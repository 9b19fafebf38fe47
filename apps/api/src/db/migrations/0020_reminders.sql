-- Reminders (issue 21 item 5): the record of every reminder sent, one row per kind, subject and
-- idle period, so that a reminder goes out once however often the job runs and however many
-- processes run it (the key is the lock: a second insert of one key waits for the first and then
-- does nothing). `period` is the instant the idle period began (the last saved step, the request
-- or its latest answer, the deadline). The wizard's stage records when a step was last saved. The
-- stored notifications gain the reminder kinds.
CREATE TABLE "reminders_sent" (
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"period" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminders_sent_kind_subject_id_period_pk" PRIMARY KEY("kind","subject_id","period"),
	CONSTRAINT "reminders_sent_kind_ck" CHECK ("reminders_sent"."kind" in ('idle', 'documents', 'deadlineLead', 'deadlineLast'))
);
--> statement-breakpoint
CREATE INDEX "reminders_sent_sent_at_idx" ON "reminders_sent" USING btree ("sent_at");
--> statement-breakpoint
ALTER TABLE "application_stages" ADD COLUMN "saved_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE INDEX "application_stages_idle_idx" ON "application_stages" USING btree ("saved_at") WHERE "application_stages"."step" < 11;
--> statement-breakpoint
CREATE INDEX "document_requests_open_idx" ON "document_requests" USING btree ("student_course_id") WHERE "document_requests"."answered_at" is null;
--> statement-breakpoint
CREATE INDEX "student_courses_unsubmitted_intake_idx" ON "student_courses" USING btree ("intake_id") WHERE "student_courses"."submitted_at" is null;
--> statement-breakpoint
ALTER TABLE "user_notifications" DROP CONSTRAINT "user_notifications_kind_ck";
--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_kind_ck" CHECK ("user_notifications"."kind" in ('statusChanged', 'reminderIdle', 'reminderDocuments', 'reminderDeadline'));
