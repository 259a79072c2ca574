import { trpc } from "../../lib/trpc";

export interface PersonOption {
  value: string;
  label: string;
}

const optionsOf = (
  people: { id: string; firstName: string; lastName: string }[] | undefined,
): PersonOption[] => (people ?? []).map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}` }));

/** The patients the caller may book or filter by: a provider's roster, an admin's organisation. */
export function usePatientOptions(enabled = true): PersonOption[] {
  return optionsOf(trpc.patients.list.useQuery({ page: 1, pageSize: 100 }, { enabled }).data?.items);
}

/** The organisation's providers (admins pick among them). */
export function useProviderOptions(enabled = true): PersonOption[] {
  return optionsOf(
    trpc.users.list.useQuery({ role: "ROLE_PROVIDER", page: 1, pageSize: 100 }, { enabled }).data?.items,
  );
}
