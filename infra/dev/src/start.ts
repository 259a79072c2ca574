import { join } from "node:path";
import { DEMO_LOGINS, DEMO_PASSWORD } from "@fizio/db";
import { REPO_ROOT, startStack } from "./stack";

const stack = await startStack({
  dataDir: process.env.FIZIO_DATA_DIR ?? join(REPO_ROOT, ".data"),
  port: Number(process.env.PORT ?? 4310),
  pgPort: Number(process.env.PG_PORT ?? 54329),
  worker: process.env.FIZIO_WORKER !== "false",
  durable: true,
  logLevel: process.env.LOG_LEVEL ?? "warn",
  devMailbox: true,
});

console.log(`
  Fizio is running at ${stack.url}${stack.hasWeb ? "" : "  (no web build found: run pnpm --filter @fizio/web build)"}
  Dev mailbox:        ${stack.url}/dev/mailbox  (signed in as the super admin)
  Public booking:     the provider's link is on Calendar → Availability

  Demo logins (password ${DEMO_PASSWORD}):
${DEMO_LOGINS.map((l) => `    ${l.role.replace("ROLE_", "").padEnd(12)} ${l.email}${"note" in l ? `  (${l.note})` : ""}`).join("\n")}

  Data is kept in .data/ ; press Ctrl+C to stop.
`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log("\n[fizio] stopping…");
    await stack.stop();
    process.exit(0);
  });
}
