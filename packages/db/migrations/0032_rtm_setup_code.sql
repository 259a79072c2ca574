-- CPT 98975 (remote therapeutic monitoring set-up and patient education), earned once per episode of care, joins
-- the remote-monitoring codes a period can bill.
INSERT INTO "codes" ("kind", "code", "description", "unit") VALUES
  ('SERVICES', '98975', 'Remote therapeutic monitoring, initial set-up and patient education on use of equipment', 'PERIOD')
ON CONFLICT DO NOTHING;
