import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
// By path, as the app's own texts: the journeys that run in Spanish find what they press by the Spanish words.
import { errors as enErrors } from "../../../packages/i18n/src/locales/en/errors";
import { session as enSession } from "../../../packages/i18n/src/locales/en/session";
import { CHUNKS, DB_NAME } from "../src/features/recording-upload/store-schema";
import { expect, type Locator, type Page } from "./fixtures";
import { DEMO, fakeMediaLaunch, signInToHome } from "./support";

// What the specs recording through the fake camera share: the camera, and waits that hold on a busy machine.
const here = path.dirname(fileURLToPath(import.meta.url));
const camera = path.join(here, ".fixtures/camera.mjpeg");
// The figure flexing its elbow as the fake camera; made by the analysis fixtures when no setup made it yet.
if (!existsSync(camera))
  execFileSync("pnpm", ["exec", "tsx", "scripts/camera-fixture.ts"], {
    cwd: path.join(here, ".."),
    stdio: "inherit",
  });

/** The browser's options for a spec recording through the fake camera (the figure flexing its elbow). */
export const fakeCamera = {
  permissions: ["camera", "microphone"],
  launchOptions: fakeMediaLaunch([`--use-file-for-fake-video-capture=${camera}`]),
};

/** Chunks of recording stored on the device so far: one per second of video (the recorder's timeslice). */
function storedChunks(page: Page): Promise<number> {
  return page.evaluate(
    ({ name, store }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction(store).objectStore(store).count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
    { name: DB_NAME, store: CHUNKS },
  );
}

/**
 * A few more seconds of video in the current set, counted in chunks the device has stored rather than in
 * time: a busy machine records and stores as slowly as it must, and the set still gets that much video.
 * The live counter may end the set first (the figure keeps flexing), which ends the wait too.
 */
export async function recordInSet(page: Page, finish: Locator, seconds: number) {
  const before = await storedChunks(page);
  await expect
    .poll(async () => (await storedChunks(page)) >= before + seconds || !(await finish.isVisible()), {
      timeout: 30_000 + seconds * 5_000,
    })
    .toBe(true);
}

/**
 * Presses the button if it is still there, without waiting for it. Sets and breaks also end on their own, and
 * on a busy machine that can happen between seeing a button and pressing it: a click would then wait for a
 * button that never comes back.
 */
export const pressIfShown = (button: Locator) =>
  button.evaluateAll((found) => {
    for (const b of found) (b as HTMLButtonElement).click();
  });

/**
 * Waits for `done` as long as the work keeps moving: each change of the progress bar's value gets `stallMs`,
 * however many steps the work takes on this machine. The bar is read without waiting, since it goes away when
 * the work is done.
 */
export async function waitWhileMoving(bar: Locator, done: Locator, stallMs: number) {
  const current = async () =>
    (await bar.evaluateAll((bars) => bars.map((b) => b.getAttribute("aria-valuenow"))))[0] ?? null;
  let seen = await current();
  while (!(await done.isVisible())) {
    const before = seen;
    await expect
      .poll(
        async () => {
          seen = await current();
          return (await done.isVisible()) || seen !== before;
        },
        { timeout: stallMs, message: `no progress past ${before} within ${stallMs} ms` },
      )
      .toBe(true);
  }
}

/** The activity session's texts in one language, and the error a start answers before the reference is ready. */
export interface SessionTexts {
  session: typeof enSession;
  errors: Pick<typeof enErrors, "videoGroupNotReady">;
}
export const ENGLISH: SessionTexts = { session: enSession, errors: enErrors };

/**
 * Screen 1's Continue, until the worker has processed the reference video: before that, starting answers
 * FIZ230 on screen. Each try waits for the answer itself (the next step, the demonstration, or the error,
 * which the click clears).
 */
export async function continueOnceReferenceReady(flow: Locator, timeout: number, texts = ENGLISH) {
  const notReady = flow.getByText(texts.errors.videoGroupNotReady);
  const step2 = texts.session.progress.replace("{{step}}", "2").replace("{{total}}", "5");
  const getReady = flow.getByText(step2, { exact: false });
  await expect(async () => {
    if (!(await getReady.isVisible())) {
      await flow.getByRole("button", { name: texts.session.setup.continue }).click();
      await expect(getReady.or(notReady).first()).toBeVisible();
    }
    expect(await getReady.isVisible(), "the reference video is ready for analysis").toBe(true);
  }).toPass({ timeout, intervals: [3_000] });
}

/**
 * Opens Elbow curls (2 sets of 5, the demo's camera activity) as the demo patient and goes past the camera
 * set-up; `texts` are the words the patient's interface shows.
 */
export async function openElbowCurls(page: Page, texts = ENGLISH): Promise<Locator> {
  await signInToHome(page, DEMO.patient);
  await page.goto("/to-do");
  await page.getByRole("button", { name: `${texts.session.start}: Elbow curls` }).click();
  const flow = page.getByRole("dialog");
  await expect(flow.getByLabel(texts.session.setup.camera, { exact: true })).toHaveValue(/.+/);
  await continueOnceReferenceReady(flow, 120_000, texts);
  return flow;
}
