/**
 * pnpm bench:messages — messaging on real Postgres with a full mailbox: a patient's inbox holding 20,000
 * messages (bulk-inserted threads), then the times of what users do most: a message sent until the recipient's
 * live unread stream says so, the inbox's first page, a search, the unread filter and a thread.
 */
import { findUserByEmail } from "@fizio/db";
import { startTestPostgres } from "@fizio/db/testing";
import { sql } from "drizzle-orm";
import { createHarness } from "../test/harness";

const MAILBOX = 20_000;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] as number;

async function timed(label: string, runs: number, work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const t0 = performance.now();
    await work();
    if (i >= 5) times.push(performance.now() - t0);
  }
  console.log(
    `  ${label}: median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (${runs} runs)`,
  );
}

async function main() {
  const stop = await startTestPostgres();
  const h = await createHarness();
  try {
    const provider = await h.signIn("provider@fizio.test");
    const patient = await h.signIn("patient@fizio.test");
    const providerRow = (await findUserByEmail(h.t.db, "provider@fizio.test"))!;
    const patientId = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
    const t0 = performance.now();
    // One thread per message, as the busiest inbox would look: every one unread, in the patient's inbox.
    await h.t.db.execute(sql`
      with c as (
        insert into conversations (organization_id, subject, created_at, last_message_at)
        select ${providerRow.organizationId}::uuid, 'Exercise check ' || g, now() - g * interval '1 minute', now() - g * interval '1 minute'
        from generate_series(1, ${MAILBOX}) g returning id, created_at
      ), p as (
        insert into conversation_participants (conversation_id, user_id)
        select id, u from c, unnest(array[${providerRow.id}::uuid, ${patientId}::uuid]) u
      ), m as (
        insert into messages (conversation_id, author_id, body, sent_at)
        select id, ${providerRow.id}::uuid, 'How did the exercises go today? Tell me about any pain.', created_at from c
        returning id, sent_at
      )
      insert into message_mailboxes (message_id, user_id, direction, sent_at, read_at)
      select id, ${patientId}::uuid, 'INCOMING'::message_direction, sent_at, null from m
      union all
      select id, ${providerRow.id}::uuid, 'OUTGOING'::message_direction, sent_at, sent_at from m`);
    await h.t.db.execute(sql`analyze`);
    console.log(
      `messaging with ${MAILBOX} messages in the patient's inbox (seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );

    const stream = (await patient.api.messages.unread())[Symbol.asyncIterator]();
    await stream.next();
    const sends: number[] = [];
    for (let i = 0; i < 60; i++) {
      const start = performance.now();
      await provider.api.messages.send({
        recipientIds: [patientId],
        subject: `Live ${i}`,
        body: "New message",
      });
      await stream.next();
      if (i >= 10) sends.push(performance.now() - start);
    }
    console.log(
      `  sent until the recipient's unread stream yields the new count: median ${percentile(sends, 0.5).toFixed(1)} ms, p95 ${percentile(sends, 0.95).toFixed(1)} ms (50 runs)`,
    );
    await stream.return?.(undefined);

    await timed("inbox, first page", 50, () => patient.api.messages.list({ mailbox: "INBOX" }));
    await timed("inbox, page 500", 50, () => patient.api.messages.list({ mailbox: "INBOX", page: 500 }));
    await timed("inbox, unread only", 50, () =>
      patient.api.messages.list({ mailbox: "INBOX", unreadOnly: true }),
    );
    await timed("inbox, search 'Exercise check 1234'", 50, () =>
      patient.api.messages.list({ mailbox: "INBOX", search: "Exercise check 1234" }),
    );
    await timed("unread count", 50, () => patient.api.messages.unreadCount());
    const { items } = await patient.api.messages.list({ mailbox: "INBOX" });
    await timed("thread", 50, () =>
      patient.api.messages.thread({ conversationId: items[0]!.conversationId }),
    );
  } finally {
    await h.t.drop();
    await stop();
  }
}

await main();
