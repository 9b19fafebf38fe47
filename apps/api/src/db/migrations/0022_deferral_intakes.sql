-- Deferrals (issue 21, session 8): the history entry of a move to a later intake names the intakes
-- it moved between (both null on every other entry; an intake deleted later leaves null).
ALTER TABLE "application_status_history" ADD COLUMN "from_intake_id" integer;
--> statement-breakpoint
ALTER TABLE "application_status_history" ADD COLUMN "to_intake_id" integer;
--> statement-breakpoint
ALTER TABLE "application_status_history" ADD CONSTRAINT "application_status_history_from_intake_id_intakes_id_fk" FOREIGN KEY ("from_intake_id") REFERENCES "public"."intakes"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "application_status_history" ADD CONSTRAINT "application_status_history_to_intake_id_intakes_id_fk" FOREIGN KEY ("to_intake_id") REFERENCES "public"."intakes"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "application_status_history_from_intake_idx" ON "application_status_history" USING btree ("from_intake_id") WHERE "application_status_history"."from_intake_id" is not null;
--> statement-breakpoint
CREATE INDEX "application_status_history_to_intake_idx" ON "application_status_history" USING btree ("to_intake_id") WHERE "application_status_history"."to_intake_id" is not null;
