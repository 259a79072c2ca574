import { z } from "zod";
import { emailSchema, nameSchema } from "./fields";

/** The organisation a first super admin creates: named as the parameters screen names one (spec §5). */
const organizationNameSchema = z
  .string({ error: "FIZ001" })
  .trim()
  .min(2, { error: "FIZ004" })
  .max(100, { error: "FIZ003" });

/** What `admin create-super-admin` takes: the deployment's first organisation and the person who runs it. */
export const firstSuperAdminInput = z.object({
  email: emailSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  organization: organizationNameSchema,
  language: z.enum(["ENGLISH", "SPANISH"], { error: "FIZ002" }).default("ENGLISH"),
});
export type FirstSuperAdminInput = z.infer<typeof firstSuperAdminInput>;

export interface ExistingSetup {
  /** Super admins there are (not deleted), with whether each has set a password yet. */
  superAdmins: { email: string; passwordSet: boolean }[];
  /** Whether any account, of any role, already uses the email asked for. */
  emailInUse: boolean;
}

export type FirstAdminDecision =
  /** Nothing set up yet: create the organisation and the super admin. */
  | { kind: "create" }
  /** The same command ran before and its super admin has not set a password: a new set-password link. */
  | { kind: "resend" }
  /** The same command ran before and the super admin signed in since: nothing to do. */
  | { kind: "done" }
  /** Set up already for someone else (FIZ284), or the email belongs to another account (FIZ202). */
  | { kind: "refuse"; code: "FIZ284" | "FIZ202" };

/**
 * Running the first-run command again is safe: for the same person it changes nothing (or re-sends the link they
 * have not used); once a super admin exists, the command does not make a second one — further admins are made in
 * the app, where the act is the signed-in super admin's and audited as theirs.
 */
export function firstAdminDecision(email: string, setup: ExistingSetup): FirstAdminDecision {
  const same = setup.superAdmins.find((a) => a.email === email);
  if (same) return same.passwordSet ? { kind: "done" } : { kind: "resend" };
  if (setup.superAdmins.length > 0) return { kind: "refuse", code: "FIZ284" };
  if (setup.emailInUse) return { kind: "refuse", code: "FIZ202" };
  return { kind: "create" };
}
