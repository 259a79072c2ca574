/**
 * The CONDITIONS codes a medical-history condition is coded from (ICD-10-CM), until codes become editable per
 * organisation (spec §3 parameter "codes"): what a physical therapy clinic records most.
 */
export const CONDITIONS = [
  { code: "M17.11", name: "Unilateral primary osteoarthritis, right knee" },
  { code: "M17.12", name: "Unilateral primary osteoarthritis, left knee" },
  { code: "M16.11", name: "Unilateral primary osteoarthritis, right hip" },
  { code: "M54.50", name: "Low back pain, unspecified" },
  { code: "M54.2", name: "Cervicalgia" },
  { code: "M75.41", name: "Impingement syndrome of right shoulder" },
  { code: "M75.100", name: "Rotator cuff tear, unspecified shoulder" },
  { code: "S83.511A", name: "Sprain of anterior cruciate ligament of right knee" },
  { code: "M25.561", name: "Pain in right knee" },
  { code: "M62.81", name: "Muscle weakness (generalized)" },
  { code: "R26.89", name: "Other abnormalities of gait and mobility" },
  { code: "Z96.651", name: "Presence of right artificial knee joint" },
  { code: "M81.0", name: "Age-related osteoporosis" },
  { code: "I10", name: "Essential (primary) hypertension" },
  { code: "E11.9", name: "Type 2 diabetes mellitus without complications" },
  { code: "G89.29", name: "Other chronic pain" },
] as const;
export type ConditionCode = (typeof CONDITIONS)[number]["code"];

export const conditionName = (code: string) => CONDITIONS.find((c) => c.code === code)?.name;
