-- The admins' change of an open offer's terms (issue 22 leftover, lane terms22) writes a history
-- entry like a move: the same status both sides, marked here so the timelines do not read it as a
-- deferral (whose intakes may be deleted later and leave both intake columns null).
ALTER TABLE "application_status_history" ADD COLUMN "offer_terms" boolean DEFAULT false NOT NULL;
