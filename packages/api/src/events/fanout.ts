import { Channel } from "./channel";

/**
 * Per-key subscriber channels of one process: a channel leaves its key's set when it closes (its reader
 * stopped, or the request's signal aborted).
 */
export class Fanout<T> {
  private readonly subscribers = new Map<string, Set<Channel<T>>>();

  subscribe(key: string, signal?: AbortSignal): Channel<T> {
    const set = this.subscribers.get(key) ?? new Set();
    this.subscribers.set(key, set);
    const onAbort = () => channel.close();
    const channel: Channel<T> = new Channel(() => {
      signal?.removeEventListener("abort", onAbort);
      set.delete(channel);
      if (set.size === 0 && this.subscribers.get(key) === set) this.subscribers.delete(key);
    });
    set.add(channel);
    if (signal?.aborted) channel.close();
    else signal?.addEventListener("abort", onAbort, { once: true });
    return channel;
  }

  push(key: string, item: T): void {
    for (const channel of this.subscribers.get(key) ?? []) channel.push(item);
  }

  pushAll(item: T): void {
    for (const channel of this.all()) channel.push(item);
  }

  closeAll(error?: Error): void {
    for (const channel of this.all()) channel.close(error);
  }

  private all(): Channel<T>[] {
    return [...this.subscribers.values()].flatMap((set) => [...set]);
  }
}
