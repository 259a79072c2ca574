-- Spec §5: the default provider is assigned to every organisation that already exists (new ones get it from
-- insertOrganization).
INSERT INTO "organization_assignments" ("user_id", "organization_id")
SELECT u."id", o."id" FROM "users" u CROSS JOIN "organizations" o
WHERE u."is_default_provider" AND u."deleted_at" IS NULL
ON CONFLICT DO NOTHING;
