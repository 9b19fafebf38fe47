CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"student_id" integer,
	"display_name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"driver" text NOT NULL,
	"driver_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_student_id_student_infos_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."student_infos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_student_idx" ON "files" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at");