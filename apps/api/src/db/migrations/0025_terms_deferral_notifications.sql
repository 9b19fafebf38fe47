-- The applicant is told of a change of an open offer's terms and of a deferral to a later intake
-- (issue 22 and issue 21 leftovers, lane notify22): two stored notification kinds.
ALTER TABLE "user_notifications" DROP CONSTRAINT "user_notifications_kind_ck";
--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_kind_ck" CHECK ("user_notifications"."kind" in ('statusChanged', 'reminderIdle', 'reminderDocuments', 'reminderDeadline', 'reminderOffer', 'reminderCondition', 'conditionsMet', 'passportMoved', 'offerTermsChanged', 'intakeDeferred'));
