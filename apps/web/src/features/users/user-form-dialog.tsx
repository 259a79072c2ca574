import {
  accessStatusSchema,
  createUserInput,
  genderSchema,
  type Language,
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
import { PatientBillingFields } from "../billing/patient-billing-fields";
import { useProviderOptions } from "../calendar/people-options";
import { CheckboxGroup } from "../forms/checkbox-group";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { useSetOptions } from "../parameters/use-set-options";
import { FormDialog } from "../shell/form-dialog";
import { EditorFooter } from "../templates/editor-footer";

/** An optional field left empty in the form is absent, not "" (which the field's rule would refuse). */
const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema);
const {
  phone,
  dateOfBirth,
  gender,
  npi,
  specialty,
  credential,
  location,
  providerId,
  referringProviderId,
  diagnosis,
  diagnosisCode,
} = userProfileFields.shape;
const optionalFields = {
  phone: blank(phone),
  dateOfBirth: blank(dateOfBirth),
  gender: blank(gender),
  npi: blank(npi),
  specialty: blank(specialty),
  credential: blank(credential),
  location: blank(location),
  providerId: blank(providerId),
  referringProviderId: blank(referringProviderId),
  diagnosis: blank(diagnosis),
  diagnosisCode: blank(diagnosisCode),
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
      {target?.mode === "create" ? <CreateLoader role={target.role} onDone={onClose} /> : null}
      {target?.mode === "edit" ? <EditLoader userId={target.userId} onDone={onClose} /> : null}
    </FormDialog>
  );
}

/** A new user starts in the admin's organisation, in its default language. */
function CreateLoader({ role, onDone }: { role: Role; onDone: () => void }) {
  const { t } = useTranslation();
  const settings = trpc.settings.current.useQuery();
  const organizations = trpc.auth.organizations.useQuery();
  const error = settings.error ?? organizations.error;
  if (error) return <FormAlert message={error.message} />;
  if (!settings.data || !organizations.data)
    return <p className="text-sm text-muted-foreground">{t("common.loading")}</p>;
  return (
    <CreateForm
      role={role}
      language={settings.data.defaultLanguage}
      home={organizations.data.activeId}
      onDone={onDone}
    />
  );
}

function CreateForm({
  role,
  language,
  home,
  onDone,
}: {
  role: Role;
  language: Language;
  home: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const staff = role !== "ROLE_PATIENT";
  const form = useFizForm(createForm, {
    defaultValues: {
      role,
      firstName: "",
      lastName: "",
      email: "",
      preferredLanguage: language,
      organizationIds: staff ? [home] : undefined,
    },
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
      <UserFields form={form} role={role} home={home} withEmail />
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
      referringProviderId: user.referringProviderId ?? undefined,
      diagnosis: user.diagnosis ?? "",
      diagnosisCode: user.diagnosisCode ?? "",
      accessStatus: user.role === "ROLE_PATIENT" ? user.accessStatus : undefined,
      organizationIds: user.role === "ROLE_PATIENT" ? undefined : user.organizationIds,
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
      <UserFields form={form} role={user.role} home={user.organizationIds[0]} />
      <FormAlert message={failure} />
      <EditorFooter pending={update.isPending} onCancel={onDone} />
    </form>
  );
}

// Both forms share these fields; the form's own type differs only by email/role/userId.
// biome-ignore lint/suspicious/noExplicitAny: the two react-hook-form instances share field names, not types
type AnyForm = any;

function UserFields({
  form,
  role,
  home,
  withEmail,
}: {
  form: AnyForm;
  role: Role;
  /** The user's home organisation, which always stays theirs. */
  home: string | undefined;
  withEmail?: boolean;
}) {
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
  const select = <T extends string>(
    name: string,
    label: string,
    options: { value: T; label: string }[],
    hint?: string,
  ) => (
    <FormField label={label} error={errors[name]?.message} hint={hint}>
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
        t(role === "ROLE_PATIENT" ? "users.form.languageHintPatient" : "users.form.languageHintStaff"),
      )}
      {role === "ROLE_PROVIDER" ? (
        <>
          {text("npi", t("users.form.npi"), { inputMode: "numeric" })}
          {select("credential", t("users.form.credential"), credentials)}
          {select("specialty", t("users.form.specialty"), specialties)}
          {text("location", t("users.form.location"))}
        </>
      ) : null}
      {role === "ROLE_PATIENT" ? null : <OrganizationsField form={form} home={home} />}
      {role === "ROLE_PATIENT" ? (
        <>
          {select("providerId", t("users.form.provider"), providers)}
          {select("referringProviderId", t("users.form.referringProvider"), providers)}
          {text("diagnosis", t("users.form.diagnosis"))}
          {text("diagnosisCode", t("users.form.diagnosisCode"), {
            placeholder: "M25.561",
            autoComplete: "off",
          })}
          {select(
            "accessStatus",
            t("users.columns.access"),
            accessStatusSchema.options.map((a) => ({ value: a, label: t(`accessStatus.${a}`) })),
          )}
          {/* Set with the account; later changed in the row's Billing settings. */}
          {withEmail ? <PatientBillingFields form={form} /> : null}
        </>
      ) : null}
    </div>
  );
}

/**
 * Spec §3 organizationAssignment: the organisations of the admin's own a member of staff works in. The home
 * organisation stays checked; the server keeps any organisation the admin is not in as it was.
 */
function OrganizationsField({ form, home }: { form: AnyForm; home: string | undefined }) {
  const { t } = useTranslation();
  const organizations = trpc.auth.organizations.useQuery();
  const value: string[] = form.watch("organizationIds") ?? [];
  const mine = organizations.data?.items ?? [];
  if (mine.length < 2 && value.length < 2) return null;
  const error = (form.formState.errors as Record<string, { message?: string } | undefined>).organizationIds;
  return (
    <div className="sm:col-span-2">
      <CheckboxGroup
        legend={t("organizationSettings.organizations")}
        hint={t("organizationSettings.organizationsHint")}
        options={mine.map((o) => ({
          value: o.id,
          label: o.id === home ? t("organizationSettings.home", { name: o.name }) : o.name,
          disabled: o.id === home,
        }))}
        value={value}
        onChange={(next) =>
          form.setValue("organizationIds", home && !next.includes(home) ? [home, ...next] : next, {
            shouldDirty: true,
          })
        }
        error={error?.message}
      />
    </div>
  );
}
