import { type ChildProcess, spawn } from "node:child_process";

export interface RunOptions {
  /** Aborting kills ffmpeg; callers check the signal before reading the exit code as a failure. */
  signal?: AbortSignal;
  /** Kills ffmpeg after this many milliseconds; the result then says `timedOut`. */
  timeoutMs?: number;
}

export interface StreamingOptions extends RunOptions {
  /** ffmpeg's log level; a filter that reports per frame (showinfo) needs "info". */
  logLevel?: "error" | "info";
  /** Each whole line of stderr as it arrives. */
  onStderrLine?: (line: string) => void;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * ffmpeg gets an empty environment: it reads untrusted files and needs none of the worker's variables
 * (database URL, secrets, S3 keys). Binaries are spawned by absolute path, so it needs no PATH either.
 */
function spawnFfmpeg(binary: string, args: string[], stdio: ("pipe" | "ignore")[], options: RunOptions) {
  return spawn(binary, args, { stdio, env: {}, ...(options.signal && { signal: options.signal }) });
}

/** Kills the child with SIGKILL once `timeoutMs` has passed; `timedOut()` tells whether it did. */
function deadline(child: ChildProcess, timeoutMs: number | undefined) {
  let fired = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          fired = true;
          child.kill("SIGKILL");
        }, timeoutMs);
  for (const end of ["close", "error"]) child.once(end, () => clearTimeout(timer));
  return { timedOut: () => fired };
}

/** Runs ffmpeg to completion, collecting its text output (for short runs: probing, stills). */
export function runFfmpeg(binary: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawnFfmpeg(
      binary,
      ["-hide_banner", "-nostdin", ...args],
      ["ignore", "pipe", "pipe"],
      options,
    );
    const limit = deadline(child, options.timeoutMs);
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (s: string) => {
      stdout += s;
    });
    child.stderr?.setEncoding("utf8").on("data", (s: string) => {
      stderr += s;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, timedOut: limit.timedOut() }));
  });
}

export interface StreamingFfmpeg {
  child: ChildProcess;
  /** Resolves when ffmpeg exits, with the exit code, the end of its stderr and whether it ran out of time. */
  exited: Promise<{ code: number | null; stderr: string; timedOut: boolean }>;
}

/** Starts a long ffmpeg run that streams raw frames through stdin or stdout; keeps only the end of stderr. */
export function startFfmpeg(
  binary: string,
  args: string[],
  io: "read" | "write",
  options: StreamingOptions = {},
): StreamingFfmpeg {
  const child = spawnFfmpeg(
    binary,
    ["-hide_banner", "-nostdin", "-nostats", "-loglevel", options.logLevel ?? "error", ...args],
    [io === "write" ? "pipe" : "ignore", io === "read" ? "pipe" : "ignore", "pipe"],
    options,
  );
  const limit = deadline(child, options.timeoutMs);
  let stderr = "";
  let partial = "";
  child.stderr?.setEncoding("utf8").on("data", (s: string) => {
    stderr = (stderr + s).slice(-8192);
    if (!options.onStderrLine) return;
    const lines = (partial + s).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) options.onStderrLine(line);
  });
  // Never rejects: a failed spawn reads as an exit without a code, so an abandoned run cannot go unhandled.
  const exited = new Promise<{ code: number | null; stderr: string; timedOut: boolean }>((resolve) => {
    child.on("error", (error) =>
      resolve({ code: null, stderr: `${stderr}\n${error.message}`, timedOut: limit.timedOut() }),
    );
    child.on("close", (code) => resolve({ code, stderr, timedOut: limit.timedOut() }));
  });
  return { child, exited };
}

/** Last lines of ffmpeg's stderr, for error details. */
export function stderrTail(stderr: string, lines = 8): string {
  return stderr.trim().split("\n").slice(-lines).join("\n");
}
