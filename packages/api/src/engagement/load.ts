import { type DbOrTx, findAttachments, findPersonIn, findProgram } from "@fizio/db";
import { AppError, engagementStatus, todayIn } from "@fizio/domain";
import { assertSameOrganization, loadPatientFor } from "../access";
import type { UserContext } from "../context";

/** A program the caller may manage: same organisation (FIZ415), and for a provider one of their roster. */
export async function loadProgramFor(
  ctx: UserContext,
  id: string,
  options: { lock?: boolean; db?: DbOrTx } = {},
) {
  const db = options.db ?? ctx.db;
  const program = await findProgram(db, id, { lock: options.lock });
  // An unknown id says no more than a forbidden one.
  if (!program) throw new AppError("FIZ255");
  assertSameOrganization(ctx.user, "engagement_program", program);
  const patient = await loadPatientFor(ctx.user, program.patientId, db);
  const sent = program.messages.filter((m) => m.sentAt).length;
  const status = engagementStatus({
    startDate: program.startDate,
    today: todayIn(program.timeZone),
    sent,
    total: program.messages.length,
    cancelled: program.cancelledAt !== null,
  });
  return { program, patient, status, sent };
}

/** The provider a program's messages come from: the patient's treating provider (FIZ024 without one). */
export async function programAuthorFor(
  db: DbOrTx,
  patient: { providerId: string | null; organizationId: string },
) {
  const provider = patient.providerId
    ? await findPersonIn(db, patient.organizationId, patient.providerId)
    : undefined;
  if (!provider) throw new AppError("FIZ024");
  return provider;
}

/** Media of a program's messages: finished uploads of the organisation (FIZ106 otherwise). */
export async function assertAttachmentsUsable(ctx: UserContext, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const rows = await findAttachments(ctx.db, wanted);
  for (const id of wanted) {
    const row = rows.find((r) => r.id === id);
    if (row?.status !== "READY") throw new AppError("FIZ106");
    assertSameOrganization(ctx.user, "message_attachment", row);
  }
}

/** Messages with the name of their attached file, for the editors to show. */
export async function withAttachmentNames<T extends { attachmentId: string | null }>(
  db: DbOrTx,
  messages: T[],
) {
  const files = await findAttachments(db, [
    ...new Set(messages.flatMap((m) => (m.attachmentId ? [m.attachmentId] : []))),
  ]);
  return messages.map((m) => {
    const file = files.find((f) => f.id === m.attachmentId);
    return { ...m, attachment: file ? { id: file.id, name: file.name } : null };
  });
}
