import type { ParameterValueKind } from "@fizio/domain";
import { trpc } from "../../lib/trpc";

/** A parameter set's values as select options (a provider's specialty and credential come from the sets). */
export function useSetOptions(kind: ParameterValueKind, enabled = true) {
  const options = trpc.parameters.sets.options.useQuery({ kind }, { enabled });
  return (options.data ?? []).map((o) => ({ value: o.value, label: o.value }));
}
