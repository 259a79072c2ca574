import {
  codeOptions,
  codeUses,
  deleteCode,
  existingCodes,
  findCode,
  findCodeById,
  insertCodes,
  listCodes,
  updateCode,
} from "@fizio/db";
import {
  AppError,
  assertValueChangeAllowed,
  codeAuditAction,
  codeIdInput,
  codeOptionsInput,
  createCodeInput,
  importCodesInput,
  listCodesInput,
  parseCodeCsv,
  updateCodeInput,
} from "@fizio/domain";
import { audit } from "../../audit";
import type { UserContext } from "../../context";
import { appProcedure, router } from "../../trpc";
import { uniqueValue } from "./conflicts";
import { superAdminProcedure } from "./sets";

const action = codeAuditAction;
const unique = <T>(work: () => Promise<T>) => uniqueValue(work, ["codes_kind_code_unique"], "code");

const list = superAdminProcedure
  .input(listCodesInput)
  .query(({ ctx, input }) => listCodes(ctx.db, input.kind, input));

/**
 * A kind's codes for the forms that pick one: an event's service, a medical-history condition (which a patient
 * records too). Public vocabulary, nobody's data.
 */
const options = appProcedure
  .input(codeOptionsInput)
  .query(({ ctx, input }) => codeOptions(ctx.db, input.kind));

const create = superAdminProcedure.input(createCodeInput).mutation(async ({ ctx, input }) => {
  if (await findCode(ctx.db, input.kind, input.code)) throw new AppError("FIZ207", {}, { field: "code" });
  return unique(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await insertCodes(tx, [input]);
      await audit(ctx, action(input.kind, "create"), "code", row!.id, input, tx);
      return row!;
    }),
  );
});

async function loadCode(ctx: UserContext, kind: string, id: string) {
  const row = await findCodeById(ctx.db, id);
  if (!row || row.kind !== kind) throw new AppError("FIZ002", {}, { field: "id" });
  return row;
}

/** A code something holds keeps its code (records carry it); its description and unit may change. */
const update = superAdminProcedure.input(updateCodeInput).mutation(async ({ ctx, input }) => {
  const { id, kind, ...fields } = input;
  const stored = await loadCode(ctx, kind, id);
  const taken = await findCode(ctx.db, kind, fields.code);
  if (taken && taken.id !== id) throw new AppError("FIZ207", {}, { field: "code" });
  assertValueChangeAllowed("CODES", await codeUses(ctx.db, stored), {
    stored: stored.code,
    next: fields.code,
  });
  return unique(() =>
    ctx.db.transaction(async (tx) => {
      const row = await updateCode(tx, id, fields);
      if (!row) throw new AppError("FIZ302");
      await audit(
        ctx,
        action(kind, "update"),
        "code",
        id,
        {
          from: { code: stored.code, description: stored.description, unit: stored.unit },
          to: fields,
        },
        tx,
      );
      return row;
    }),
  );
});

const remove = superAdminProcedure.input(codeIdInput).mutation(async ({ ctx, input }) => {
  const stored = await loadCode(ctx, input.kind, input.id);
  assertValueChangeAllowed("CODES", await codeUses(ctx.db, stored), { stored: stored.code, next: null });
  await ctx.db.transaction(async (tx) => {
    await deleteCode(tx, stored.id);
    await audit(ctx, action(stored.kind, "delete"), "code", stored.id, { code: stored.code }, tx);
  });
  return { ok: true as const };
});

/**
 * A CSV of codes, all or nothing: every row is checked first (format, required columns, duplicates in the
 * file and against the table); any error and nothing is imported, and the caller gets every row's errors.
 * A valid file goes in in one transaction, so a race with another import also leaves nothing half-written.
 */
const importCsv = superAdminProcedure.input(importCodesInput).mutation(async ({ ctx, input }) => {
  const result = parseCodeCsv(input.kind, input.csv, await existingCodes(ctx.db, input.kind));
  if (!result.ok) return { imported: 0, errors: result.errors };
  const rows = await unique(() =>
    ctx.db.transaction(async (tx) => {
      const inserted = await insertCodes(tx, result.codes);
      await audit(
        ctx,
        action(input.kind, "import"),
        "code",
        null,
        {
          count: inserted.length,
          codes: inserted.map((r) => r.code),
        },
        tx,
      );
      return inserted;
    }),
  );
  return { imported: rows.length, errors: [] };
});

export const codesRouter = router({ list, options, create, update, delete: remove, import: importCsv });
