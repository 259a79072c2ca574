import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  /** pino JSON lines written so far. */
  lines: { msg?: string; [field: string]: unknown }[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs the real worker entry point (as `pnpm start` does: one node process with tsx's loader, so a signal
 * reaches the worker itself, not a wrapper) and resolves once it has started.
 */
export async function spawnWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: WorkerProcess["lines"] = [];
  let stderr = "";
  let buffer = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    for (const line of parts) if (line.trim()) lines.push(JSON.parse(line));
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const started = await Promise.race([
    (async () => {
      while (!lines.some((l) => l.msg === "analysis worker started")) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return true;
    })(),
    exited.then(() => false),
  ]);
  if (!started) throw new Error(`worker exited before starting:\n${stderr}`);
  return { child, lines, exited };
}
