CREATE TABLE "user_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"student_course_id" integer,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "user_notifications_kind_ck" CHECK ("user_notifications"."kind" in ('statusChanged'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "student_course_id" integer;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_student_course_id_student_courses_id_fk" FOREIGN KEY ("student_course_id") REFERENCES "public"."student_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_notifications_user_idx" ON "user_notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_notifications_course_idx" ON "user_notifications" USING btree ("student_course_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_student_course_id_student_courses_id_fk" FOREIGN KEY ("student_course_id") REFERENCES "public"."student_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_course_idx" ON "notifications" USING btree ("student_course_id");--> statement-breakpoint
-- Hand-written (issue 18): the applicant side's notifications, backfilled from the status history
-- for the managing account when it is a student or an agent: every move but confirm's own entry
-- and the applicant's own moves (a withdrawal), internal notes left out. Unread: never shown.
INSERT INTO "user_notifications" ("user_id", "student_course_id", "kind", "payload", "created_at")
  SELECT si."user_id", h."student_course_id", 'statusChanged',
    jsonb_build_object('from', h."from_status", 'to', h."to_status",
      'message', CASE WHEN h."internal" THEN NULL ELSE h."message" END),
    h."at"
  FROM "application_status_history" h
  JOIN "student_courses" sc ON sc."id" = h."student_course_id"
  JOIN "student_infos" si ON si."id" = sc."student_id"
  JOIN "users" u ON u."id" = si."user_id" AND u."role" IN ('Student', 'Agent')
  WHERE h."from_status" IS NOT NULL AND (h."by_user_id" IS NULL OR h."by_user_id" <> si."user_id")
  ORDER BY h."id";--> statement-breakpoint
-- Best effort: an admin notification names the student, the university and the course; the
-- submitted course that matches all three (the nearest submission in time) is the one it announced.
UPDATE "notifications" n SET "student_course_id" = (
  SELECT sc."id" FROM "student_courses" sc
  JOIN "student_infos" si ON si."id" = sc."student_id"
  JOIN "university_courses" uc ON uc."id" = sc."university_course_id"
  JOIN "universities" un ON un."id" = uc."university_id"
  JOIN "courses" c ON c."id" = uc."course_id"
  WHERE sc."submitted_at" IS NOT NULL
    AND un."name" = n."notification_data"->>'universityName'
    AND c."name" = n."notification_data"->>'courseName'
    AND array_to_string(array_remove(ARRAY[nullif(si."first_name", ''), nullif(si."middle_name", ''),
      nullif(si."last_name", '')], NULL), ' ') = n."notification_data"->>'fullName'
  ORDER BY abs(extract(epoch FROM sc."submitted_at" - n."created_at")), sc."id"
  LIMIT 1
);
