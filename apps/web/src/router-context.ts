import type { QueryClient } from "@tanstack/react-query";
import type { TrpcUtils } from "./lib/trpc";

/** What every route's beforeLoad can use: the cache and the typed tRPC helpers over it. */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TrpcUtils;
}
