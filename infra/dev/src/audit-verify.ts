// pnpm audit:verify: recomputes the audit trail's hash chain (DATABASE_URL, else the dev stack's database) and
// lists every break: a row changed or deleted after it was sealed, a seal removed, rows left unsealed. Exits 1
// when the chain is broken, so it can run from cron or CI.
import { closeDb, createDb, runMigrations, verifyAuditLog } from "@fizio/db";
import { devDatabaseUrl } from "./dev-database";

const { url, stop } = await devDatabaseUrl();
const db = createDb(url, { max: 1 });
try {
  await runMigrations(db);
  const started = performance.now();
  const { seals, problems } = await verifyAuditLog(db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (problems.length === 0)
    console.log(`[fizio] audit trail intact: ${seals} seals verified in ${seconds} s`);
  else {
    console.error(`[fizio] audit trail broken: ${problems.length} problem(s) in ${seals} seals`);
    for (const p of problems)
      console.error(`  seal ${p.sealSeq ?? "-"}  audit row ${p.auditId ?? "-"}  ${p.problem}`);
    process.exitCode = 1;
  }
} finally {
  await closeDb(db);
  await stop?.();
}
