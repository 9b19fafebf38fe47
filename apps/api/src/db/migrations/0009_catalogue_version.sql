CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "catalogue_version_one_row_ck" CHECK ("catalogue_version"."id" = 1)
);
