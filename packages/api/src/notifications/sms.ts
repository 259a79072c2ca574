import { type Db, type DbOrTx, enqueueSms } from "@fizio/db";
import { smsOutbox } from "@fizio/db/schema";
import { eq } from "drizzle-orm";
import type { JobQueue } from "../queue";

/** A text-message provider: Twilio's Messages API or Vonage's Messages API, chosen by SMS_PROVIDER. */
export type SmsConfig =
  | { provider: "twilio"; accountSid: string; authToken: string; from: string; baseUrl?: string }
  | { provider: "vonage"; apiKey: string; apiSecret: string; from: string; baseUrl?: string };

export function smsConfigFromEnv(env: NodeJS.ProcessEnv): SmsConfig | null {
  if (env.SMS_PROVIDER === "twilio" && env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.SMS_FROM)
    return {
      provider: "twilio",
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.SMS_FROM,
      baseUrl: env.TWILIO_API_URL,
    };
  if (env.SMS_PROVIDER === "vonage" && env.VONAGE_API_KEY && env.VONAGE_API_SECRET && env.SMS_FROM)
    return {
      provider: "vonage",
      apiKey: env.VONAGE_API_KEY,
      apiSecret: env.VONAGE_API_SECRET,
      from: env.SMS_FROM,
      baseUrl: env.VONAGE_MESSAGES_URL,
    };
  return null;
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

/**
 * Sends one text. The outbox row's id goes along as the provider's client reference, so a send retried after
 * a lost answer can be matched to the first in the provider's logs.
 */
export async function sendSms(
  config: SmsConfig,
  sms: { id: string; to: string; text: string },
): Promise<void> {
  const response =
    config.provider === "twilio"
      ? await fetch(
          `${config.baseUrl ?? "https://api.twilio.com"}/2010-04-01/Accounts/${config.accountSid}/Messages.json`,
          {
            method: "POST",
            headers: {
              authorization: basic(config.accountSid, config.authToken),
              "content-type": "application/x-www-form-urlencoded",
            },
            body: new URLSearchParams({ To: sms.to, From: config.from, Body: sms.text }),
            signal: AbortSignal.timeout(15_000),
          },
        )
      : await fetch(`${config.baseUrl ?? "https://api.nexmo.com"}/v1/messages`, {
          method: "POST",
          headers: {
            authorization: basic(config.apiKey, config.apiSecret),
            "content-type": "application/json",
          },
          body: JSON.stringify({
            message_type: "text",
            channel: "sms",
            to: sms.to.replace(/^\+/, ""),
            from: config.from,
            text: sms.text,
            client_ref: sms.id,
          }),
          signal: AbortSignal.timeout(15_000),
        });
  if (!response.ok) throw new Error(`${config.provider} answered ${response.status}`);
}

export interface Texter {
  /** Writes the outbox and, when a provider is configured, queues its delivery. */
  send: (sms: { to: string; text: string }, tx?: DbOrTx) => Promise<void>;
  /** The deliver_sms job: sends one outbox row unless it was already sent; throws so the job retries. */
  deliver: (smsId: string) => Promise<void>;
}

/** Texts work as emails do (createMailer): outbox first, delivered by a job; without a provider they wait. */
export function createTexter(db: Db, queue: JobQueue, config: SmsConfig | null): Texter {
  return {
    async send(sms, tx) {
      const write = async (t: DbOrTx) => {
        const row = await enqueueSms(t, sms);
        if (config) await queue.add(t, "deliver_sms", { smsId: row.id });
      };
      await (tx ? write(tx) : db.transaction(write));
    },
    async deliver(smsId) {
      if (!config) return;
      const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, smsId));
      if (!row || row.sentAt) return;
      try {
        await sendSms(config, row);
      } catch (error) {
        await db
          .update(smsOutbox)
          .set({ error: String(error) })
          .where(eq(smsOutbox.id, smsId));
        throw error;
      }
      await db.update(smsOutbox).set({ sentAt: new Date(), error: null }).where(eq(smsOutbox.id, smsId));
    },
  };
}
