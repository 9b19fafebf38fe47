CREATE TABLE "application_drafts" (
	"student_id" integer NOT NULL,
	"step" smallint NOT NULL,
	"data" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_drafts_student_id_step_pk" PRIMARY KEY("student_id","step"),
	CONSTRAINT "application_drafts_step_ck" CHECK ("application_drafts"."step" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_student_id_student_infos_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_infos"("id") ON DELETE cascade ON UPDATE no action;