import { type ChildProcess, spawn } from "node:child_process";

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs ffmpeg to completion, collecting its text output (for short runs: probing, stills). */
export function runFfmpeg(binary: string, args: string[], signal?: AbortSignal): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["-hide_banner", "-nostdin", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      ...(signal && { signal }),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => {
      stdout += s;
    });
    child.stderr.setEncoding("utf8").on("data", (s: string) => {
      stderr += s;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

export interface StreamingFfmpeg {
  child: ChildProcess;
  /** Resolves when ffmpeg exits, with the exit code and the end of its stderr. */
  exited: Promise<{ code: number | null; stderr: string }>;
}

/** Starts a long ffmpeg run that streams raw frames through stdin or stdout; keeps only the end of stderr. */
/** Aborting `signal` kills ffmpeg; callers check the signal before reading the exit code as a failure. */
export function startFfmpeg(
  binary: string,
  args: string[],
  io: "read" | "write",
  signal?: AbortSignal,
): StreamingFfmpeg {
  const child = spawn(binary, ["-hide_banner", "-nostdin", "-loglevel", "error", ...args], {
    stdio: [io === "write" ? "pipe" : "ignore", io === "read" ? "pipe" : "ignore", "pipe"],
    ...(signal && { signal }),
  });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (s: string) => {
    stderr = (stderr + s).slice(-8192);
  });
  // Never rejects: a failed spawn reads as an exit without a code, so an abandoned run cannot go unhandled.
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.on("error", (error) => resolve({ code: null, stderr: `${stderr}\n${error.message}` }));
    child.on("close", (code) => resolve({ code, stderr }));
  });
  return { child, exited };
}

/** Last lines of ffmpeg's stderr, for error details. */
export function stderrTail(stderr: string, lines = 8): string {
  return stderr.trim().split("\n").slice(-lines).join("\n");
}
