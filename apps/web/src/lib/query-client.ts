import { QUERY_CACHE_MS, READ_RETRIES, retryDelayMs } from "@fizio/domain";
import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { isTransient } from "./api-error";

export type ApiCallKind = "read" | "write";
export type ApiErrorHandler = (error: unknown, kind: ApiCallKind, procedure: string) => void;

/** tRPC keys start with the procedure path as an array: [["users", "list"], {...}] → "users.list". */
function procedureOf(key: QueryKey | undefined): string {
  const path = key?.[0];
  return Array.isArray(path) ? path.join(".") : String(path ?? "unknown");
}

/**
 * Spec §9: unused data is kept 5 minutes; reads retry 3 times with backoff from 1 s doubling to 30 s
 * (only when the failure is transient: a rejected input will fail the same way again); writes never retry.
 */
export function createQueryClient(onError: ApiErrorHandler): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => onError(error, "read", procedureOf(query.queryKey)),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        onError(error, "write", procedureOf(mutation.options.mutationKey)),
    }),
    defaultOptions: {
      queries: {
        gcTime: QUERY_CACHE_MS,
        retry: (failures, error) => failures < READ_RETRIES && isTransient(error),
        retryDelay: (attempt) => retryDelayMs(attempt),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: 0 },
    },
  });
}
