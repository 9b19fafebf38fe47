-- The catalogue version (resources/catalogue-cache.ts): one row, and a statement trigger on every
-- catalogue table that gives it a new random value inside the writing transaction, whatever writes
-- (the resource engine, the seed, a module, psql). It commits and rolls back with the write.
INSERT INTO "catalogue_version" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = gen_random_uuid() WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "document_types_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "document_types" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "course_levels_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_levels" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "course_categories_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "courses_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "universities_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "universities" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE TRIGGER "university_courses_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "university_courses" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
