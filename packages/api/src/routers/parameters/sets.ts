import {
  countOrganizationUsers,
  deleteOrganization,
  deleteParameterValue,
  findOrganizationById,
  findParameterValue,
  findSameOrganization,
  findSameParameterValue,
  insertOrganization,
  insertParameterValue,
  listOrganizationsPage,
  listParameterValues,
  type ParameterValueRow,
  parameterValueOptions,
  parameterValueUses,
  renameOrganization,
  schema,
  updateParameterValue,
} from "@fizio/db";
import {
  AppError,
  assertValueChangeAllowed,
  completeParameterImageInput,
  createParameterValueInput,
  inUseError,
  listParameterValuesInput,
  PARAMETER_IMAGE_PREFIX,
  PARAMETER_IMAGE_TYPES,
  type ParameterImageType,
  type ParameterSetKind,
  type ParameterValueFields,
  type ParameterValueKind,
  parameterOptionsInput,
  parameterSetAuditAction,
  parameterValueIdInput,
  startParameterImageInput,
  updateParameterValueInput,
} from "@fizio/domain";
import { audit } from "../../audit";
import type { UserContext } from "../../context";
import { completeFileUpload, finishedFileUpload, startFileUpload } from "../../file-uploads";
import { scopeOf, viewUrl } from "../../signed-urls";
import { roleProcedure, router, staffProcedure } from "../../trpc";
import { isForeignKeyViolation, uniqueValue } from "./conflicts";

/** The whole /parameters section is the super admin's (FIZ413 for anyone else). */
export const superAdminProcedure = roleProcedure("ROLE_SUPER_ADMIN");

const action = parameterSetAuditAction;

const unique = <T>(work: () => Promise<T>) =>
  uniqueValue(work, ["parameter_values_kind_value_unique", "organizations_name_unique"], "value");

async function toItem(ctx: UserContext, row: ParameterValueRow) {
  return {
    id: row.id,
    value: row.value,
    text: row.text,
    imageUrl:
      row.kind === "IMAGE_ACTIVITIES" ? await viewUrl(ctx.storage, scopeOf(ctx.user), row.imageKey) : null,
    amountCents: row.amountCents,
    users: null as number | null,
    isDefault: false,
  };
}

const list = superAdminProcedure.input(listParameterValuesInput).query(async ({ ctx, input }) => {
  if (input.kind === "ORGANIZATIONS") {
    const page = await listOrganizationsPage(ctx.db, input);
    return {
      ...page,
      items: page.items.map((o) => ({
        id: o.id,
        value: o.name,
        text: null,
        imageUrl: null,
        amountCents: null,
        users: o.users,
        isDefault: o.isDefault,
      })),
    };
  }
  const page = await listParameterValues(ctx.db, input.kind, input);
  return { ...page, items: await Promise.all(page.items.map((row) => toItem(ctx, row))) };
});

/**
 * A set's values for the forms that pick from it (the provider's specialty and credential, an activity's text
 * or picture). The organisations are not offered here: assigning them is an admin matter of its own.
 */
const options = staffProcedure.input(parameterOptionsInput).query(async ({ ctx, input }) => {
  if (input.kind === "ORGANIZATIONS") throw new AppError("FIZ413");
  const rows = await parameterValueOptions(ctx.db, input.kind);
  return Promise.all(rows.map((row) => toItem(ctx, row)));
});

/**
 * The value's columns. An image activity's picture is the key of the finished upload the form names (FIZ106 for
 * another, FIZ415 for another organisation's), or, when it names none, the picture the value has.
 */
async function fieldsOf(ctx: UserContext, input: ParameterValueFields, storedImageKey: string | null = null) {
  const upload = input.imageUploadId
    ? await finishedFileUpload(ctx, input.imageUploadId, "ACTIVITY_IMAGE", "imageUploadId")
    : null;
  const imageKey = upload?.storageKey ?? storedImageKey;
  if (input.kind === "IMAGE_ACTIVITIES" && !imageKey)
    throw new AppError("FIZ001", {}, { field: "imageUploadId" });
  return {
    kind: input.kind as ParameterValueKind,
    value: input.value,
    text: input.text || null,
    imageKey: input.kind === "IMAGE_ACTIVITIES" ? imageKey : null,
    amountCents: input.amountCents ?? null,
  };
}

async function assertUnique(ctx: UserContext, kind: ParameterSetKind, value: string, exceptId?: string) {
  const taken =
    kind === "ORGANIZATIONS"
      ? await findSameOrganization(ctx.db, value, exceptId)
      : await findSameParameterValue(ctx.db, kind, value, exceptId);
  if (taken) throw new AppError("FIZ207", {}, { field: "value" });
}

/**
 * A new organisation gets what insertOrganization gives it (its Standard price) and a copy of the price
 * catalogue (the PRICES set), which its admin then edits on /billing/prices.
 */
async function createOrganization(ctx: UserContext, name: string) {
  return ctx.db.transaction(async (tx) => {
    const organization = await insertOrganization(tx, name);
    const catalogue = await parameterValueOptions(tx, "PRICES");
    if (catalogue.length > 0)
      await tx.insert(schema.prices).values(
        catalogue.map((p) => ({
          organizationId: organization.id,
          description: p.value,
          amountCents: p.amountCents ?? 0,
        })),
      );
    await audit(ctx, action("ORGANIZATIONS", "create"), "organization", organization.id, { name }, tx);
    return { id: organization.id, value: organization.name };
  });
}

const create = superAdminProcedure.input(createParameterValueInput).mutation(async ({ ctx, input }) => {
  await assertUnique(ctx, input.kind, input.value);
  if (input.kind === "ORGANIZATIONS") return unique(() => createOrganization(ctx, input.value));
  const fields = await fieldsOf(ctx, input);
  return unique(() =>
    ctx.db.transaction(async (tx) => {
      const row = await insertParameterValue(tx, fields);
      await audit(ctx, action(input.kind, "create"), "parameter_value", row.id, fields, tx);
      return { id: row.id, value: row.value };
    }),
  );
});

async function loadValue(ctx: UserContext, kind: ParameterSetKind, id: string) {
  const row = await findParameterValue(ctx.db, id);
  if (!row || row.kind !== kind) throw new AppError("FIZ002", {}, { field: "id" });
  return row;
}

async function loadOrganization(ctx: UserContext, id: string) {
  const row = await findOrganizationById(ctx.db, id);
  if (!row) throw new AppError("FIZ002", {}, { field: "id" });
  return row;
}

const update = superAdminProcedure.input(updateParameterValueInput).mutation(async ({ ctx, input }) => {
  const { id, ...rest } = input;
  await assertUnique(ctx, input.kind, input.value, id);
  if (input.kind === "ORGANIZATIONS") {
    const stored = await loadOrganization(ctx, id);
    // Users and records name the organisation by id, so renaming it is always allowed.
    return unique(() =>
      ctx.db.transaction(async (tx) => {
        await renameOrganization(tx, id, input.value);
        await audit(
          ctx,
          action("ORGANIZATIONS", "update"),
          "organization",
          id,
          {
            from: stored.name,
            to: input.value,
          },
          tx,
        );
        return { id, value: input.value };
      }),
    );
  }
  const stored = await loadValue(ctx, input.kind, id);
  const uses = await parameterValueUses(ctx.db, stored);
  assertValueChangeAllowed(input.kind, uses, { stored: stored.value, next: input.value });
  // An image activity's picture in use is what plans show: it cannot be swapped under them.
  if (uses > 0 && input.kind === "IMAGE_ACTIVITIES" && rest.imageUploadId)
    throw new AppError("FIZ212", {}, { field: "imageUploadId" });
  const fields = await fieldsOf(ctx, { ...rest, kind: input.kind }, stored.imageKey);
  return unique(() =>
    ctx.db.transaction(async (tx) => {
      const row = await updateParameterValue(tx, id, fields);
      if (!row) throw new AppError("FIZ302");
      await audit(
        ctx,
        action(input.kind, "update"),
        "parameter_value",
        id,
        {
          from: {
            value: stored.value,
            text: stored.text,
            imageKey: stored.imageKey,
            amountCents: stored.amountCents,
          },
          to: fields,
        },
        tx,
      );
      return { id: row.id, value: row.value };
    }),
  );
});

const remove = superAdminProcedure.input(parameterValueIdInput).mutation(async ({ ctx, input }) => {
  if (input.kind === "ORGANIZATIONS") {
    const stored = await loadOrganization(ctx, input.id);
    const users = await countOrganizationUsers(ctx.db, stored.id);
    if (stored.isDefault || users > 0) throw new AppError("FIZ211", { count: users });
    try {
      await ctx.db.transaction(async (tx) => {
        await deleteOrganization(tx, stored.id);
        await audit(
          ctx,
          action("ORGANIZATIONS", "delete"),
          "organization",
          stored.id,
          { name: stored.name },
          tx,
        );
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError("FIZ211", {}, { cause: error });
      throw error;
    }
    return { ok: true as const };
  }
  const stored = await loadValue(ctx, input.kind, input.id);
  assertValueChangeAllowed(input.kind, await parameterValueUses(ctx.db, stored), {
    stored: stored.value,
    next: null,
  });
  try {
    await ctx.db.transaction(async (tx) => {
      await deleteParameterValue(tx, stored.id);
      await audit(
        ctx,
        action(input.kind, "delete"),
        "parameter_value",
        stored.id,
        { value: stored.value },
        tx,
      );
    });
  } catch (error) {
    // An activity named the value after its uses were counted: its foreign key refuses the delete.
    if (isForeignKeyViolation(error)) throw new AppError(inUseError(input.kind), {}, { cause: error });
    throw error;
  }
  return { ok: true as const };
});

const extensionOf = (name: string, type: ParameterImageType) =>
  PARAMETER_IMAGE_TYPES[type].find((ext) => name.toLowerCase().endsWith(ext))!;

/** An image activity's picture: one part, PUT by the browser on a URL signed for its exact size. */
const startImage = superAdminProcedure.input(startParameterImageInput).mutation(async ({ ctx, input }) => {
  const type = input.contentType as ParameterImageType;
  return startFileUpload(ctx, {
    purpose: "ACTIVITY_IMAGE",
    organizationId: null,
    keyFor: (id) => `${PARAMETER_IMAGE_PREFIX}${id}/image${extensionOf(input.name, type)}`,
    contentType: type,
    size: input.size,
    failure: "FIZ315",
  });
});

/** Finishes the upload and hands back a preview link; the upload's id is saved with the value's form. */
const completeImage = superAdminProcedure
  .input(completeParameterImageInput)
  .mutation(async ({ ctx, input }) => {
    const upload = await completeFileUpload(ctx, input, "ACTIVITY_IMAGE", "FIZ315");
    return { id: upload.id, url: await viewUrl(ctx.storage, scopeOf(ctx.user), upload.storageKey) };
  });

export const setsRouter = router({
  list,
  options,
  create,
  update,
  delete: remove,
  startImage,
  completeImage,
});
