import { SERVICES } from "@fizio/domain";
import { trpc } from "../../lib/trpc";

/** What the event form picks from: the caller's patients, the organisation's providers (admins), services. */
export function useEventPickers(isAdmin: boolean, enabled: boolean) {
  const patients = trpc.patients.list.useQuery({ page: 1, pageSize: 100 }, { enabled });
  const providers = trpc.users.list.useQuery(
    { role: "ROLE_PROVIDER", page: 1, pageSize: 100 },
    { enabled: enabled && isAdmin },
  );
  return {
    patients: (patients.data?.items ?? []).map((p) => ({
      value: p.id,
      label: `${p.firstName} ${p.lastName}`,
    })),
    providers: (providers.data?.items ?? []).map((p) => ({
      value: p.id,
      label: `${p.firstName} ${p.lastName}`,
    })),
    services: SERVICES.map((s) => ({ value: s.code, label: `${s.code} · ${s.name}` })),
  };
}
