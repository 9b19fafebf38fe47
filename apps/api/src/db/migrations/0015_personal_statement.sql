-- Step 8's personal statement (issue 19): optional free text, its length (2,000) checked by the shared schema.
ALTER TABLE "other_infos" ADD COLUMN "personal_statement" text;
