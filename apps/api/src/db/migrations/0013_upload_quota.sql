-- Who uploaded each file: what one account holds unattached (no record uses it) is bounded by UPLOAD_UNATTACHED_MAX_MB (SECURITY 35); older files have none and are not counted.
ALTER TABLE "files" ADD COLUMN "uploaded_by" integer;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("uploaded_by");