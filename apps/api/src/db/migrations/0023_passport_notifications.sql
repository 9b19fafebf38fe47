-- The passport's whereabouts tell the applicant side (issue 22 item 5, lane offerfix22): an
-- admin's move of the passport stores a `passportMoved` notification for the managing account.
ALTER TABLE "user_notifications" DROP CONSTRAINT "user_notifications_kind_ck";
--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_kind_ck" CHECK ("user_notifications"."kind" in ('statusChanged', 'reminderIdle', 'reminderDocuments', 'reminderDeadline', 'reminderOffer', 'reminderCondition', 'conditionsMet', 'passportMoved'));
