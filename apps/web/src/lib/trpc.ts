import type { AppRouter } from "@fizio/api";
import { API_MAX_BATCH_SIZE, API_MAX_URL_LENGTH } from "@fizio/domain";
import type { QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { createTRPCQueryUtils, createTRPCReact } from "@trpc/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import superjson from "superjson";
import { apiFetch } from "./api-fetch";

export const trpc = createTRPCReact<AppRouter>();

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    // Subscriptions (live analysis progress) stream over SSE; everything else is batched HTTP.
    splitLink({
      condition: (op) => op.type === "subscription",
      true: httpSubscriptionLink({ url: "/api/v1", transformer: superjson }),
      // The server refuses larger batches (FIZ267) and longer request heads (431, FIZ003).
      false: httpBatchLink({
        url: "/api/v1",
        transformer: superjson,
        fetch: apiFetch,
        maxItems: API_MAX_BATCH_SIZE,
        maxURLLength: API_MAX_URL_LENGTH,
      }),
    }),
  ],
});

export type TrpcClient = typeof trpcClient;

export const createTrpcUtils = (queryClient: QueryClient) =>
  createTRPCQueryUtils<AppRouter>({ queryClient, client: trpcClient });
export type TrpcUtils = ReturnType<typeof createTrpcUtils>;

export type ApiOutputs = inferRouterOutputs<AppRouter>;
