import cluster from "node:cluster";

/**
 * SERVER_PROCESSES: how many server processes share the port on one machine (default 1). One Node process uses
 * one core; where a container or VM has more, each extra process is a replica in all but address (sessions,
 * subscriptions and jobs already work across replicas through Postgres). Under an orchestrator, keep 1 and
 * scale replicas instead.
 */
export function serverProcesses(env: NodeJS.ProcessEnv): number {
  const raw = env.SERVER_PROCESSES;
  if (raw === undefined || raw === "") return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new Error(`SERVER_PROCESSES must be a whole number from 1 to 64, not ${raw}`);
  return n;
}

/**
 * With more than one process, this one becomes their supervisor: it forks them, replaces one that dies, and on
 * SIGTERM/SIGINT passes the signal on and exits once they have all stopped. True in the supervisor (which
 * must not start a server itself), false in a server process or when there is only one.
 */
export function superviseServerProcesses(count: number, log: (message: string) => void): boolean {
  if (count <= 1 || !cluster.isPrimary) return false;
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  for (const name of ["SIGTERM", "SIGINT"] as const) {
    process.on(name, () => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {});
      if (workers.length === 0) process.exit(0);
      for (const worker of workers) worker?.process.kill(name);
    });
  }
  return true;
}
