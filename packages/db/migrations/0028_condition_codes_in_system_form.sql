-- A condition's ICD-10-CM code was stored as typed through the API (s83.511a, s83511a); the domain now keeps it in
-- the classification's written form (S83.511A: upper case, the dot after the category), and so do the rows
-- written before. Only conditions carry a code.
UPDATE "medical_history_entries"
SET "code" = regexp_replace(upper(btrim("code")), '^([A-Z][0-9][0-9A-Z])([0-9A-Z]{1,4})$', '\1.\2')
WHERE "kind" = 'CONDITION'
  AND "code" <> regexp_replace(upper(btrim("code")), '^([A-Z][0-9][0-9A-Z])([0-9A-Z]{1,4})$', '\1.\2');
