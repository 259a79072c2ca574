-- The code lists start as the constants the product used until codes became editable (SERVICES and the
-- remote-monitoring codes, CONDITIONS), plus a few common CPT procedures; medications start empty.
INSERT INTO "codes" ("kind", "code", "description", "unit") VALUES
  ('SERVICES', '97161', 'PT evaluation, low complexity', 'VISIT'),
  ('SERVICES', '97162', 'PT evaluation, moderate complexity', 'VISIT'),
  ('SERVICES', '97164', 'PT re-evaluation', 'VISIT'),
  ('SERVICES', '97110', 'Therapeutic exercise', 'FIFTEEN_MINUTES'),
  ('SERVICES', '97112', 'Neuromuscular re-education', 'FIFTEEN_MINUTES'),
  ('SERVICES', '97140', 'Manual therapy', 'FIFTEEN_MINUTES'),
  ('SERVICES', '97530', 'Therapeutic activities', 'FIFTEEN_MINUTES'),
  ('SERVICES', '98977', 'Remote therapeutic monitoring, musculoskeletal', 'PERIOD'),
  ('SERVICES', '98980', 'Remote therapeutic monitoring treatment management, first 20 minutes', 'PERIOD'),
  ('SERVICES', '98981', 'Remote therapeutic monitoring treatment management, each additional 20 minutes', 'PERIOD'),
  ('CONDITIONS', 'M17.11', 'Unilateral primary osteoarthritis, right knee', NULL),
  ('CONDITIONS', 'M17.12', 'Unilateral primary osteoarthritis, left knee', NULL),
  ('CONDITIONS', 'M16.11', 'Unilateral primary osteoarthritis, right hip', NULL),
  ('CONDITIONS', 'M54.50', 'Low back pain, unspecified', NULL),
  ('CONDITIONS', 'M54.2', 'Cervicalgia', NULL),
  ('CONDITIONS', 'M75.41', 'Impingement syndrome of right shoulder', NULL),
  ('CONDITIONS', 'M75.100', 'Rotator cuff tear, unspecified shoulder', NULL),
  ('CONDITIONS', 'S83.511A', 'Sprain of anterior cruciate ligament of right knee', NULL),
  ('CONDITIONS', 'M25.561', 'Pain in right knee', NULL),
  ('CONDITIONS', 'M62.81', 'Muscle weakness (generalized)', NULL),
  ('CONDITIONS', 'R26.89', 'Other abnormalities of gait and mobility', NULL),
  ('CONDITIONS', 'Z96.651', 'Presence of right artificial knee joint', NULL),
  ('CONDITIONS', 'M81.0', 'Age-related osteoporosis', NULL),
  ('CONDITIONS', 'I10', 'Essential (primary) hypertension', NULL),
  ('CONDITIONS', 'E11.9', 'Type 2 diabetes mellitus without complications', NULL),
  ('CONDITIONS', 'G89.29', 'Other chronic pain', NULL),
  ('PROCEDURES', '27447', 'Arthroplasty, knee, total', NULL),
  ('PROCEDURES', '27130', 'Arthroplasty, hip, total', NULL),
  ('PROCEDURES', '23472', 'Arthroplasty, shoulder, total', NULL),
  ('PROCEDURES', '29881', 'Arthroscopy, knee, with meniscectomy', NULL)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "parameter_values" ("kind", "value") VALUES
  ('SPECIALTIES', 'Orthopedics'),
  ('SPECIALTIES', 'Sports'),
  ('SPECIALTIES', 'Neurology'),
  ('SPECIALTIES', 'Geriatrics'),
  ('SPECIALTIES', 'Pediatrics'),
  ('SPECIALTIES', 'Cardiopulmonary'),
  ('CREDENTIALS', 'DPT'),
  ('CREDENTIALS', 'PT'),
  ('CREDENTIALS', 'PTA'),
  ('CREDENTIALS', 'OCS'),
  ('CREDENTIALS', 'SCS')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Values already held stay valid: every provider's specialty and credential and every health plan's name
-- joins its set.
INSERT INTO "parameter_values" ("kind", "value")
SELECT DISTINCT ON (lower(regexp_replace(btrim(v.value), '\s+', ' ', 'g')), v.kind) v.kind::parameter_value_kind, btrim(v.value)
FROM (
  SELECT 'SPECIALTIES' AS kind, "specialty" AS value FROM "users" WHERE coalesce(btrim("specialty"), '') <> ''
  UNION ALL
  SELECT 'CREDENTIALS', "credential" FROM "users" WHERE coalesce(btrim("credential"), '') <> ''
  UNION ALL
  SELECT 'PLAN_NAMES', "plan_name" FROM "health_plans" WHERE btrim("plan_name") <> ''
) v
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "parameter_values" ("kind", "value", "text") VALUES
  ('TEXT_ACTIVITIES', 'Ice the joint', 'Wrap an ice pack in a thin towel and hold it on the sore joint.'),
  ('TEXT_ACTIVITIES', 'Heel slides', 'Lie on your back and slowly slide your heel towards you, bending the knee, then straighten it.')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "parameter_values" ("kind", "value", "image_key") VALUES
  ('IMAGE_ACTIVITIES', 'Quad sets', 'library/activity-images/quad-sets.svg'),
  ('IMAGE_ACTIVITIES', 'Cat-camel', 'library/activity-images/cat-camel.svg')
ON CONFLICT DO NOTHING;
