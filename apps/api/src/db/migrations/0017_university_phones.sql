-- Universities' phone and fax follow the spec's phone pattern (issue 20 item 4): the shared schema
-- (packages/shared fields.ts zPhoneNumber) strips spaces, dashes and brackets before it checks the
-- pattern; the stored rows, the seed's among them, are stripped the same way here.
UPDATE "universities" SET
  "phone" = regexp_replace("phone", '[[:space:]()-]', '', 'g'),
  "fax" = regexp_replace("fax", '[[:space:]()-]', '', 'g')
WHERE "phone" ~ '[[:space:]()-]' OR "fax" ~ '[[:space:]()-]';
