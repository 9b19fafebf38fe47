-- A new profile's draft per form (a browser tab's client-made key), not per user: the key joins the primary key ('' for a client that names none, as every existing row).
ALTER TABLE "new_profile_drafts" ADD COLUMN "draft_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "new_profile_drafts" DROP CONSTRAINT "new_profile_drafts_pkey";--> statement-breakpoint
ALTER TABLE "new_profile_drafts" ADD CONSTRAINT "new_profile_drafts_user_id_draft_key_pk" PRIMARY KEY("user_id","draft_key");--> statement-breakpoint
ALTER TABLE "new_profile_drafts" ADD CONSTRAINT "new_profile_drafts_key_ck" CHECK (length("new_profile_drafts"."draft_key") <= 64);
