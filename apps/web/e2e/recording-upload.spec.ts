import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  CHUNKS,
  DB_NAME,
  DB_VERSION,
  RECORDINGS,
  type StoredRecording,
} from "../src/features/recording-upload/store-schema";
import { expect, type Page, test } from "./fixtures";
import { DEMO, signInToHome } from "./support";

const here = path.dirname(fileURLToPath(import.meta.url));
const MiB = 1024 * 1024;
/** Where the page fetches the recording's bytes from in this test (answered by a route, never the server). */
const BYTES_URL = "/__e2e/recording.webm";
/** Each part is held this long on its way to storage, so the network can be cut between parts. */
const PART_DELAY_MS = 1_500;
/** One part on a busy machine: its delay, its 8 MiB read from IndexedDB and sent, and its ETag saved. */
const PART_BUDGET_MS = PART_DELAY_MS + 20_000;
const PARTS = 3;
/** A page opened afresh loads its bundle, config, session and IndexedDB before its header shows the uploads. */
const APP_START_MS = 30_000;

/** The reference clip followed by noise: about 20 MB, so three 8 MiB parts. */
function recordingBytes(): Buffer {
  const clip = readFileSync(path.join(here, ".fixtures/reference.mp4"));
  const noise = Buffer.alloc(20 * MiB - clip.length);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 131 + (i >> 13)) & 255;
  return Buffer.concat([clip, noise]);
}
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** A tRPC call with the page's session cookie, as the app makes it (superjson envelope). */
async function api<T>(page: Page, procedure: string, input: unknown, method: "GET" | "POST"): Promise<T> {
  const body = JSON.stringify({ json: input });
  const response =
    method === "GET"
      ? await page.request.get(`/api/v1/${procedure}?input=${encodeURIComponent(body)}`)
      : await page.request.post(`/api/v1/${procedure}`, {
          data: body,
          headers: { "content-type": "application/json" },
        });
  expect(response.ok(), `${procedure}: ${await response.text()}`).toBe(true);
  return (await response.json()).result.data.json as T;
}

/**
 * What a tab that finished recording and was closed before uploading leaves in IndexedDB: a sealed recording
 * and its chunks, written with the app's own layout.
 */
async function leaveSealedRecording(page: Page, recording: StoredRecording) {
  await page.evaluate(
    async ({ recording, url, db: { name, version, recordings, chunks } }) => {
      const bytes = await (await fetch(url)).blob();
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name, version);
        open.onupgradeneeded = () => {
          open.result.createObjectStore(recordings, { keyPath: "localId" });
          open.result.createObjectStore(chunks, { keyPath: ["localId", "seq"] });
        };
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = database.transaction([recordings, chunks], "readwrite");
      const chunkSize = 1024 * 1024;
      let seq = 0;
      for (let at = 0; at < bytes.size; at += chunkSize, seq++)
        tx.objectStore(chunks).put({
          localId: recording.localId,
          seq,
          blob: bytes.slice(at, at + chunkSize),
        });
      tx.objectStore(recordings).put({ ...recording, chunkCount: seq });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      database.close();
    },
    {
      recording,
      url: BYTES_URL,
      db: { name: DB_NAME, version: DB_VERSION, recordings: RECORDINGS, chunks: CHUNKS },
    },
  );
}

async function storedRecording(page: Page, localId: string): Promise<StoredRecording | undefined> {
  return page.evaluate(
    ({ localId, name, store }) =>
      new Promise<StoredRecording | undefined>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction(store).objectStore(store).get(localId);
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result);
          };
        };
      }),
    { localId, name: DB_NAME, store: RECORDINGS },
  );
}

test("a recording left on the device uploads, survives going offline and a closed tab, and resumes without starting over", async ({
  context,
  page,
}) => {
  test.setTimeout(2 * APP_START_MS + 2 * PARTS * PART_BUDGET_MS);
  const bytes = recordingBytes();
  const checksum = sha256(bytes);
  await context.route(`**${BYTES_URL}`, (route) => route.fulfill({ body: bytes, contentType: "video/webm" }));

  // Parts go to storage slowly, so the network can be cut between them; each part that storage took is noted.
  const stored: { partNumber: number; page: Page | null }[] = [];
  await context.route(/[?&]partNumber=\d+/, async (route) => {
    if (route.request().method() !== "PUT") return route.continue();
    await new Promise((resolve) => setTimeout(resolve, PART_DELAY_MS));
    await route.continue().catch(() => {});
  });
  context.on("requestfinished", async (request) => {
    const partNumber = new URL(request.url()).searchParams.get("partNumber");
    if (request.method() !== "PUT" || !partNumber) return;
    if ((await request.response())?.status() === 200)
      stored.push({ partNumber: Number(partNumber), page: request.frame().page() });
  });

  await signInToHome(page, DEMO.patient);
  const today = await api<{ activities: { id: string; referenceVideoId: string | null }[] }>(
    page,
    "todo.today",
    { timeZone: "UTC" },
    "GET",
  );
  const activity = today.activities.find((a) => a.referenceVideoId);
  expect(activity, "the demo plan has a video activity today").toBeDefined();
  const session = await api<{ id: string }>(page, "activitySessions.start", {}, "POST");

  const localId = crypto.randomUUID();
  const now = Date.now();
  await leaveSealedRecording(page, {
    localId,
    ownerId: null,
    options: { activityId: activity!.id, activitySessionId: session.id, mimeType: "video/webm;codecs=vp8" },
    meta: { durationSeconds: 21, breaks: [{ startSeconds: 8, endSeconds: 11 }] },
    state: "sealed",
    chunkCount: 0,
    size: bytes.length,
    sha256: checksum,
    serverId: null,
    uploadId: null,
    partSize: null,
    etags: {},
    failure: null,
    createdAt: now,
    updatedAt: now,
  });

  // The app picks it up when it loads.
  await page.reload();
  const pending = page.getByTestId("pending-uploads");
  await expect(pending).toContainText("1 recording waiting to upload", { timeout: APP_START_MS });
  await expect.poll(() => stored.length, { timeout: PART_BUDGET_MS + 10_000 }).toBeGreaterThanOrEqual(1);

  await context.setOffline(true);
  await expect(pending).toContainText("Offline: 1 waiting");
  const beforeClose = await storedRecording(page, localId);
  expect(beforeClose).toMatchObject({ state: "uploading", serverId: expect.any(String) });
  const serverId = beforeClose!.serverId!;
  const sentBeforeClose = stored.map((s) => s.partNumber);
  // The tab is closed while offline; the patient comes back online later and opens the app again.
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto("/home");
  // The upload resumes, and is waited for until it is done, as long as the parts left to send need.
  await expect(again.getByTestId("pending-uploads")).toContainText("1 recording waiting to upload", {
    timeout: APP_START_MS,
  });
  const partsLeft = PARTS - sentBeforeClose.length;
  await expect
    .poll(async () => (await storedRecording(again, localId))?.state, {
      timeout: 10_000 + partsLeft * PART_BUDGET_MS,
    })
    .toBe("uploaded");
  await expect(again.getByTestId("pending-uploads")).toBeHidden();

  // Every part was stored once: what storage had before the tab closed was not sent again.
  const sentAfter = stored.filter((s) => s.page === again).map((s) => s.partNumber);
  expect(sentAfter.length).toBeGreaterThan(0);
  expect(sentAfter.some((n) => sentBeforeClose.includes(n))).toBe(false);
  expect([...sentBeforeClose, ...sentAfter].sort()).toEqual([1, 2, 3]);

  // The server has the same bytes, linked to the activity session, and the analysis was queued.
  const recording = await api<{
    uploadStatus: string;
    fileSize: number;
    checksumSha256: string;
    urls: { original: string };
  }>(again, "recordings.get", { id: serverId }, "GET");
  expect(recording).toMatchObject({
    uploadStatus: "UPLOADED",
    fileSize: bytes.length,
    checksumSha256: checksum,
  });
  const original = await again.request.get(recording.urls.original);
  expect(sha256(Buffer.from(await original.body()))).toBe(checksum);
  const sessions = await api<{ items: { id: string; recordingId: string | null }[] }>(
    again,
    "activitySessions.mine",
    { page: 1, pageSize: 20 },
    "GET",
  );
  expect(sessions.items.find((s) => s.id === session.id)?.recordingId).toBe(serverId);
});
