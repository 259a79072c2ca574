import { MutationObserver, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createApiErrorPolicy } from "../features/session/api-error-policy";
import { cachedSessionUser, forgetSession } from "../features/session/session";
import type { createAppRouter } from "../router";
import type { DataLayer } from "./data-layer";
import { createQueryClient } from "./query-client";
import { reportClientError } from "./report-client-error";
import { recordApiError } from "./telemetry/record-api-error";
import { createTrpcUtils, trpc, trpcClient } from "./trpc";

/** The data layer (see data-layer.ts): the query cache with the api-error policy installed, and tRPC over it. */
export function createDataLayer(router: ReturnType<typeof createAppRouter>): DataLayer {
  const queryClient = createQueryClient((error, kind, procedure) => {
    onApiError(error, kind, procedure);
    recordApiError(error, kind, procedure);
  });
  const utils = createTrpcUtils(queryClient);
  const onApiError = createApiErrorPolicy({
    location: () => window.location,
    role: () => cachedSessionUser(utils)?.role,
    report: reportClientError,
    // Leave the signed-in pages before forgetting the user: cleared while they are shown, they redirect to
    // the login page themselves, each time with the login page's own address as the way back, without end.
    signOut: (redirect, idle) => {
      void router
        .navigate({ to: "/login", search: idle ? { redirect, signedOut: "idle" } : { redirect } })
        .then(() => forgetSession(queryClient, utils));
    },
  });
  return {
    queryClient,
    trpc: utils,
    client: trpcClient,
    provide: (children: ReactNode) => (
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    ),
    write: async (procedure, call) => {
      // tRPC's mutation keys are the procedure's path, as useMutation sets them.
      const observer = new MutationObserver(queryClient, {
        mutationKey: [procedure.split(".")],
        mutationFn: call,
      });
      try {
        return await observer.mutate();
      } finally {
        // The finished mutation can then be collected, as useMutation's are once their component is gone.
        observer.reset();
      }
    },
  };
}
