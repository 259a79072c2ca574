import {
  accessStatusSchema,
  createUserInput,
  genderSchema,
  languageSchema,
  type Role,
  updateUserInput,
  userProfileFields,
} from "@fizio/domain";
import { FormField, Input } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { useProviderOptions } from "../calendar/people-options";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { useSetOptions } from "../parameters/use-set-options";
import { FormDialog } from "../shell/form-dialog";
import { EditorFooter } from "../templates/editor-footer";

/** An optional field left empty in the form is absent, not "" (which the field's rule would refuse). */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema);
const { phone, dateOfBirth, gender, npi, specialty, credential, location, providerId } =
  userProfileFields.shape;
const optionalFields = {
  phone: blank(phone),
  dateOfBirth: blank(dateOfBirth),
  gender: blank(gender),
  npi: blank(npi),
  specialty: blank(specialty),
  credential: blank(credential),
  location: blank(location),
  providerId: blank(providerId),
};
const createForm = createUserInput.extend(optionalFields);
const updateForm = updateUserInput.extend(optionalFields);

export type UserDialogTarget =
  | { mode: "create"; role: Role }
  | { mode: "edit"; userId: string; name: string };

/** Create a user of one role, or edit one: the fields of spec §3 for that role (provider, patient, admin). */
export function UserFormDialog({
  target,
  onClose,
}: {
  target: UserDialogTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title =
    target?.mode === "edit"
      ? t("users.form.editTitle", { name: target.name })
      : target
        ? t(`users.form.createTitle.${target.role}`)
        : "";
  return (
    <FormDialog open={target !== null} title={title} onClose={onClose} className="max-w-2xl">
      {target?.mode === "create" ? <CreateForm role={target.role} onDone={onClose} /> : null}
      {target?.mode === "edit" ? <EditLoader userId={target.userId} onDone={onClose} /> : null}
    </FormDialog>
  );
}

function CreateForm({ role, onDone }: { role: Role; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFizForm(createForm, {
    defaultValues: { role, firstName: "", lastName: "", email: "", preferredLanguage: "ENGLISH" },
  });
  const { failure, onError, submit } = useServerFailure(form);
  const create = trpc.users.create.useMutation({
    onSuccess: async (user) => {
      notify.success(t("users.form.created", { email: user.email }));
      await utils.users.invalidate();
      onDone();
    },
    onError,
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit((values) => create.mutate(values))}>
      <UserFields form={form} role={role} withEmail />
      <FormAlert message={failure} />
      <EditorFooter pending={create.isPending} onCancel={onDone} />
    </form>
  );
}

function EditLoader({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const user = trpc.users.get.useQuery({ userId }, { gcTime: 0 });
  if (user.error) return <FormAlert message={user.error.message} />;
  if (!user.data) return <p className="text-sm text-muted-foreground">{t("common.loading")}</p>;
  return <EditForm user={user.data} onDone={onDone} />;
}

type UserDetails = ApiOutputs["users"]["get"];

function EditForm({ user, onDone }: { user: UserDetails; onDone: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFizForm(updateForm, {
    defaultValues: {
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone ?? "",
      dateOfBirth: user.dateOfBirth ?? "",
      gender: user.gender ?? undefined,
      preferredLanguage: user.preferredLanguage,
      npi: user.npi ?? "",
      specialty: user.specialty ?? "",
      credential: user.credential ?? "",
      location: user.location ?? "",
      providerId: user.providerId ?? undefined,
      accessStatus: user.role === "ROLE_PATIENT" ? user.accessStatus : undefined,
    },
  });
  const { failure, onError, submit } = useServerFailure(form);
  const update = trpc.users.update.useMutation({
    onSuccess: async () => {
      notify.success(t("users.form.saved"));
      await utils.users.invalidate();
      onDone();
    },
    onError,
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit((values) => update.mutate(values))}>
      <p className="text-sm text-muted-foreground">{user.email}</p>
      <UserFields form={form} role={user.role} />
      <FormAlert message={failure} />
      <EditorFooter pending={update.isPending} onCancel={onDone} />
    </form>
  );
}

// Both forms share these fields; the form's own type differs only by email/role/userId.
// biome-ignore lint/suspicious/noExplicitAny: the two react-hook-form instances share field names, not types
type AnyForm = any;

function UserFields({ form, role, withEmail }: { form: AnyForm; role: Role; withEmail?: boolean }) {
  const { t } = useTranslation();
  const providers = useProviderOptions(role === "ROLE_PATIENT");
  const credentials = useSetOptions("CREDENTIALS", role === "ROLE_PROVIDER");
  const specialties = useSetOptions("SPECIALTIES", role === "ROLE_PROVIDER");
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const text = (name: string, label: string, props: Record<string, unknown> = {}) => (
    <FormField label={label} error={errors[name]?.message}>
      <Input {...props} {...form.register(name)} />
    </FormField>
  );
  const select = <T extends string>(name: string, label: string, options: { value: T; label: string }[]) => (
    <FormField label={label} error={errors[name]?.message}>
      <SelectField<T>
        value={form.watch(name) || undefined}
        onChange={(value) => form.setValue(name, value, { shouldValidate: form.formState.isSubmitted })}
        options={options}
        placeholder={t("users.form.choose")}
      />
    </FormField>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text("firstName", t("profile.firstName"), { autoComplete: "off" })}
      {text("lastName", t("profile.lastName"), { autoComplete: "off" })}
      {withEmail ? text("email", t("profile.email"), { type: "email", autoComplete: "off" }) : null}
      {text("phone", t("profile.phone"), { inputMode: "tel", autoComplete: "off" })}
      {text("dateOfBirth", t("profile.dateOfBirth"), { type: "date" })}
      {select(
        "gender",
        t("profile.gender"),
        genderSchema.options.map((g) => ({ value: g, label: t(`gender.${g}`) })),
      )}
      {select(
        "preferredLanguage",
        t("profile.preferredLanguage"),
        languageSchema.options.map((l) => ({ value: l, label: t(`languages.${l}`) })),
      )}
      {role === "ROLE_PROVIDER" ? (
        <>
          {text("npi", t("users.form.npi"), { inputMode: "numeric" })}
          {select("credential", t("users.form.credential"), credentials)}
          {select("specialty", t("users.form.specialty"), specialties)}
          {text("location", t("users.form.location"))}
        </>
      ) : null}
      {role === "ROLE_PATIENT" ? (
        <>
          {select("providerId", t("users.form.provider"), providers)}
          {select(
            "accessStatus",
            t("users.columns.access"),
            accessStatusSchema.options.map((a) => ({ value: a, label: t(`accessStatus.${a}`) })),
          )}
        </>
      ) : null}
    </div>
  );
}
