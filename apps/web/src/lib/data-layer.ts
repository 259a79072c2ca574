import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, useSyncExternalStore } from "react";
import type { TrpcClient, TrpcUtils } from "./trpc";

/**
 * The query cache and tRPC, through which every page but the login page reads and writes: a chunk of their
 * own (create-data-layer.tsx), downloaded from startup beside the first page. The routes that read data
 * wait for it in beforeLoad; the login page paints without it, and its submit waits for it.
 */
export interface DataLayer {
  queryClient: QueryClient;
  trpc: TrpcUtils;
  client: TrpcClient;
  /** Wraps a tree in the providers tRPC's and react-query's hooks read: every page but the login page. */
  provide: (children: ReactNode) => ReactNode;
  /** A write made outside a component, through the mutation cache so the api-error policy sees it as useMutation's. */
  write: <Output>(procedure: string, call: () => Promise<Output>) => Promise<Output>;
}

let create: (() => Promise<DataLayer>) | undefined;
let loading: Promise<DataLayer> | undefined;
let loaded: DataLayer | null = null;
const listeners = new Set<() => void>();

/** Starts downloading the data layer; `load` makes it, and is called again if a download failed. */
export function startDataLayer(load: () => Promise<DataLayer>): void {
  create = load;
  loadDataLayer().catch(() => undefined);
}

export function loadDataLayer(): Promise<DataLayer> {
  if (!create) return Promise.reject(new Error("The data layer was loaded before it was started"));
  if (!loading) {
    loading = create().then((layer) => {
      loaded = layer;
      for (const listener of listeners) listener();
      return layer;
    });
    // A failed download (offline, or a newer deployment's files) is tried again by the next page.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

/** The data layer if it has loaded: always on the pages that read data, not always on the login page. */
export const loadedDataLayer = (): DataLayer | null => loaded;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoadedDataLayer(): DataLayer | null {
  return useSyncExternalStore(subscribe, loadedDataLayer);
}
