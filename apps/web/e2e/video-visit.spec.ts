import { expect, type Locator, type Page, test } from "./fixtures";
import { DEMO, DEMO_PASSWORD, fakeMediaLaunch, mailboxLink, signInToHome, uniqueEmail } from "./support";

// Chromium's fake camera and microphone; screen capture picks a screen without asking.
test.use({
  permissions: ["camera", "microphone"],
  launchOptions: fakeMediaLaunch([
    "--auto-select-desktop-capture-source=Entire screen",
    "--disable-features=WebRtcHideLocalIpsWithMdns",
  ]),
});

const MINUTE = 60_000;
/** Windows in minutes from now: both open now (from 30 minutes before the start) and last beyond the test. */
const OPEN_NOW: [number, number][] = [
  [-8, 12],
  [12, 27],
];

/**
 * A video visit of the demo provider with the demo patient, open now. A retry runs against the same database,
 * so it tries windows that never overlap each other until one is free.
 */
async function createVisit(page: Page, windows: [number, number][] = OPEN_NOW): Promise<string> {
  const created = await page.evaluate(
    async ({ minute, windows }) => {
      const now = Math.floor(Date.now() / minute) * minute;
      const me = await (await fetch("/api/v1/auth.me")).json();
      const providerId = me.result.data.json.user.userId as string;
      const query = encodeURIComponent(JSON.stringify({ json: { page: 1, pageSize: 100 } }));
      const patients = await (await fetch(`/api/v1/patients.list?input=${query}`)).json();
      const patient = (
        patients.result.data.json.items as { id: string; firstName: string; lastName: string }[]
      ).find((p) => `${p.firstName} ${p.lastName}` === "Alex Morgan");
      const failures: string[] = [];
      for (const [from, to] of windows) {
        const startOn = new Date(now + from * minute).toISOString();
        const endOn = new Date(now + to * minute).toISOString();
        const response = await fetch("/api/v1/calendar.events.create", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            json: {
              eventType: "SERVICE",
              providerIds: [providerId],
              patientId: patient?.id,
              serviceCode: "97110",
              video: true,
              startOn,
              endOn,
            },
            meta: { values: { startOn: ["Date"], endOn: ["Date"] } },
          }),
        });
        if (response.ok) return { id: (await response.json()).result.data.json.id as string };
        failures.push(await response.text());
      }
      return { failures: failures.join("\n") };
    },
    { minute: MINUTE, windows },
  );
  expect(created).toHaveProperty("id");
  return (created as { id: string }).id;
}

/** A remote picture that really plays: it has a size and its time moves on (a busy machine connects slowly). */
async function expectPlaying(video: Locator) {
  await expect(video).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(before);
}

/**
 * The waiting room's text and its Leave button are on screen and nothing lies over them: the point at each
 * corner and the centre is the element itself, and the camera's preview ends above the text.
 */
async function expectWaitingRoomClear(page: Page, waitingText: string) {
  const heading = page.getByRole("heading", { name: waitingText });
  const leave = page.getByRole("button", { name: "Leave" });
  for (const target of [heading, leave]) {
    await target.scrollIntoViewIfNeeded();
    await expect(target).toBeInViewport();
    const covered = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const points = [
        [r.left + 2, r.top + 2],
        [r.right - 2, r.top + 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.bottom - 2],
        [r.left + r.width / 2, r.top + r.height / 2],
      ] as const;
      return points
        .map(([x, y]) => document.elementFromPoint(x, y))
        .filter((hit) => hit === null || !el.contains(hit))
        .map((hit) => hit?.outerHTML.slice(0, 80) ?? "nothing");
    });
    expect(covered).toEqual([]);
  }
  const preview = await page.getByTestId("local-video").boundingBox();
  const text = await heading.boundingBox();
  expect(preview!.y + preview!.height).toBeLessThanOrEqual(text!.y);
}

/** The participants' link of a visit, as its patient (or provider) reads it from the API. */
async function patientLinkOf(page: Page, eventId: string): Promise<string> {
  return page.evaluate(async (id) => {
    const input = encodeURIComponent(JSON.stringify({ json: { eventId: id } }));
    const room = await (await fetch(`/api/v1/visits.room?input=${input}`)).json();
    return new URL(room.result.data.json.participantUrl as string).pathname;
  }, eventId);
}

test("a patient waits, the provider joins, they see and write to each other, share a screen, rejoin after a reload, and the provider finishes", async ({
  browser,
  axeAudit,
}, testInfo) => {
  // Two users, two live media streams and a reload: on a loaded 2-core machine it outran the 2-minute default.
  test.slow();
  // Contexts opened here do not inherit test.use's permissions: granted, the camera's origin also gets real
  // host ICE candidates instead of mDNS names, which a busy machine was seen to leave unresolved.
  const media = { permissions: ["camera", "microphone"] };
  const providerContext = await browser.newContext(media);
  // The patient is on a phone.
  const patientContext = await browser.newContext({
    ...media,
    viewport: { width: 360, height: 640 },
    isMobile: true,
  });
  const provider = await providerContext.newPage();
  const patient = await patientContext.newPage();
  await signInToHome(provider, DEMO.provider);
  const eventId = await createVisit(provider);

  // The patient joins from /home and waits for the provider.
  await signInToHome(patient, DEMO.patient);
  if (testInfo.retry === 0) {
    await patient.getByRole("button", { name: "Join video visit" }).first().click();
  } else {
    // The failed attempt's visit is still open, and first on /home: this attempt's own link instead.
    await patient.goto(await patientLinkOf(patient, eventId));
  }
  await expect(patient).toHaveURL(/\/invitations\/[0-9a-f-]{36}$/);
  await patient.getByRole("button", { name: "Join the visit" }).click();
  await expect(patient.getByRole("heading", { name: "Waiting for your provider" })).toBeVisible();
  await expect(patient.getByTestId("local-video")).toBeVisible();
  await expectWaitingRoomClear(patient, "Waiting for your provider");

  // The provider joins from the calendar's event; the patient is let in.
  await provider.goto("/calendar/list");
  const row = provider
    .getByRole("row")
    .filter({ hasText: "Alex Morgan" })
    .filter({ hasText: "Scheduled" })
    .first();
  await row.getByRole("button").first().click();
  // An interpreter is invited by email.
  const details = provider.getByRole("dialog");
  await details.getByRole("button", { name: "Invite a guest" }).click();
  await details.getByLabel("Guest's name").fill("Lucía Interpreter");
  await details.getByLabel("Guest's email").fill("interpreter@example.org");
  await details.getByRole("button", { name: "Send invitation" }).click();
  await expect(provider.getByText("The invitation was sent to interpreter@example.org.")).toBeVisible();
  await details.getByRole("button", { name: "Join video visit" }).click();
  await expect(provider).toHaveURL(/\/invitations\/provider\/[0-9a-f-]{36}$/);
  await provider.getByRole("button", { name: "Join the visit" }).click();

  await expectPlaying(provider.getByTestId("remote-video"));
  await expectPlaying(patient.getByTestId("remote-video"));
  // The call itself (same address as the setup room) passes axe on the desktop and on the phone.
  expect(await axeAudit.violationsOn(provider)).toEqual([]);
  expect(await axeAudit.violationsOn(patient)).toEqual([]);

  // Chat reaches the other side.
  await provider.getByRole("button", { name: "Chat" }).click();
  await provider.getByLabel("Message").fill("Hello from the clinic");
  await provider.getByRole("button", { name: "Send" }).click();
  await patient.getByRole("button", { name: "Chat" }).click();
  await expect(patient.getByRole("complementary").getByText("Hello from the clinic")).toBeVisible();
  await patient.getByRole("button", { name: "Close" }).click();

  // Screen share starts and stops, and the patient is told.
  await provider.getByRole("button", { name: "Share screen" }).click();
  await expect(provider.getByText("You are sharing your screen")).toBeVisible();
  await expect(patient.getByText(/is sharing their screen/)).toBeVisible();
  await provider.getByRole("button", { name: "Stop sharing" }).click();
  await expect(patient.getByText(/is sharing their screen/)).toBeHidden();

  // The patient reloads and is back in the call without joining again.
  await patient.reload();
  await expectPlaying(patient.getByTestId("remote-video"));
  await expectPlaying(provider.getByTestId("remote-video"));

  // The provider ends the visit for everyone.
  await provider.getByRole("button", { name: "End visit for everyone" }).click();
  await provider.getByRole("button", { name: "End visit", exact: true }).click();
  await expect(provider.getByText("The meeting has finished")).toBeVisible();
  await expect(patient.getByText("The meeting has finished")).toBeVisible();

  // The event is Completed, with the visit's length.
  await provider.goto("/calendar/list");
  await expect(
    provider.getByRole("row").filter({ hasText: "Alex Morgan" }).filter({ hasText: "Completed" }).first(),
  ).toBeVisible();
  await providerContext.close();
  await patientContext.close();
});

test("signed out, a provider link asks to sign in, comes back, and says the visit opens later", async ({
  browser,
}) => {
  const provider = await browser.newPage();
  await signInToHome(provider, DEMO.provider);
  const eventId = await createVisit(provider, [
    [300, 315],
    [330, 345],
  ]);
  const providerUrl = await provider.evaluate(async (id) => {
    const input = encodeURIComponent(JSON.stringify({ json: { eventId: id } }));
    const room = await (await fetch(`/api/v1/visits.room?input=${input}`)).json();
    return new URL(room.result.data.json.providerUrl as string).pathname;
  }, eventId);
  await provider.close();

  const signedOut = await browser.newPage();
  await signedOut.goto(providerUrl);
  await expect(signedOut.getByText("Sign in as the event's provider to start this visit.")).toBeVisible();
  await signedOut.getByRole("link", { name: "Sign in" }).click();
  await signedOut.getByLabel("Username (email)").fill(DEMO.provider);
  await signedOut.getByLabel("Password").fill(DEMO_PASSWORD);
  await signedOut.getByRole("button", { name: "Sign In" }).click();
  await expect(signedOut).toHaveURL(providerUrl);
  await expect(signedOut.getByText("The visit opens 30 minutes before it starts.")).toBeVisible();
  await expect(signedOut.getByRole("button", { name: "Join the visit" })).toBeVisible();
  await signedOut.close();
});

test("the waiting room keeps the camera's preview in its box: the text and Leave stay clear on a desktop and a phone", async ({
  browser,
}) => {
  const desktop = { permissions: ["camera", "microphone"], viewport: { width: 1440, height: 900 } };
  const providerContext = await browser.newContext(desktop);
  const patientContext = await browser.newContext(desktop);
  const provider = await providerContext.newPage();
  await signInToHome(provider, DEMO.provider);
  // Windows of their own, well before the first test's (which may have started a minute or two earlier). The
  // billing journey books the provider a random 20 minutes earlier today: one of five windows is always free.
  const eventId = await createVisit(provider, [
    [-150, -130],
    [-125, -105],
    [-180, -160],
    [-210, -190],
    [-240, -220],
  ]);
  const patient = await patientContext.newPage();
  await signInToHome(patient, DEMO.patient);
  await patient.goto(await patientLinkOf(patient, eventId));
  await patient.getByRole("button", { name: "Join the visit" }).click();
  await expect(patient.getByRole("heading", { name: "Waiting for your provider" })).toBeVisible();
  await expect(patient.getByTestId("local-video")).toBeVisible();
  await expectWaitingRoomClear(patient, "Waiting for your provider");
  await patient.setViewportSize({ width: 360, height: 640 });
  await expectWaitingRoomClear(patient, "Waiting for your provider");
  // The visit goes, so the next test's provider finds only their own scheduled visit with Alex Morgan.
  const deleted = await provider.evaluate(async (id) => {
    const response = await fetch("/api/v1/calendar.events.delete", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: { eventId: id } }),
    });
    return response.ok;
  }, eventId);
  expect(deleted).toBe(true);
  await providerContext.close();
  await patientContext.close();
});

test("a guest has a link of their own: they wait until admitted, see the call, are removed and stay out; the patient's link opens nothing signed out", async ({
  browser,
}) => {
  // Three users and a guest, three live media streams, a dev-mailbox read: a long flow on a busy machine.
  test.slow();
  // Three pages with live media share the machine: each page answers slowly.
  const busy = { timeout: 30_000 };
  const media = { permissions: ["camera", "microphone"] };
  const desktop = { ...media, viewport: { width: 1440, height: 900 } };
  const providerContext = await browser.newContext(desktop);
  const patientContext = await browser.newContext(desktop);
  const guestContext = await browser.newContext(desktop);
  const strangerContext = await browser.newContext(desktop);
  const provider = await providerContext.newPage();
  const patient = await patientContext.newPage();
  await signInToHome(provider, DEMO.provider);
  // Windows of their own, apart from the other tests'.
  const eventId = await createVisit(provider, [
    [-100, -80],
    [-75, -55],
    [-50, -32],
  ]);
  const patientLink = await patientLinkOf(provider, eventId);

  // The patient waits for the provider.
  await signInToHome(patient, DEMO.patient);
  await patient.goto(patientLink);
  await patient.getByRole("button", { name: "Join the visit" }).click();
  await expect(patient.getByRole("heading", { name: "Waiting for your provider" })).toBeVisible(busy);

  // The provider invites a guest by email from the event, then starts the call; the patient is let in.
  const guestEmail = uniqueEmail("interpreter");
  await provider.goto("/calendar/list");
  await provider
    .getByRole("row")
    .filter({ hasText: "Alex Morgan" })
    .filter({ hasText: "Scheduled" })
    .first()
    .getByRole("button")
    .first()
    .click();
  const details = provider.getByRole("dialog");
  await details.getByRole("button", { name: "Invite a guest" }).click();
  await details.getByLabel("Guest's name").fill("Lucía Interpreter");
  await details.getByLabel("Guest's email").fill(guestEmail);
  await details.getByRole("button", { name: "Send invitation" }).click();
  await expect(provider.getByText(`The invitation was sent to ${guestEmail}.`)).toBeVisible(busy);
  await details.getByRole("button", { name: "Join video visit" }).click();
  await expect(provider).toHaveURL(/\/invitations\/provider\/[0-9a-f-]{36}$/);
  await provider.getByRole("button", { name: "Join the visit" }).click();
  await expectPlaying(provider.getByTestId("remote-video"));
  await expectPlaying(patient.getByTestId("remote-video"));

  // Signed out, the patient's link seats nobody: the API refuses the holder (whatever name they give), so there
  // is no picture, no sound and no signalling for them, and the page asks for the patient to sign in.
  const stranger = await strangerContext.newPage();
  await stranger.goto(patientLink);
  const strangerJoin = await stranger.evaluate(async (invitationId) => {
    const response = await fetch("/api/v1/visits.join", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ json: { invitationId, connectionId: "strangertab01", displayName: "Guest" } }),
    });
    return response.text();
  }, patientLink.split("/").at(-1));
  expect(strangerJoin).toContain("FIZ273");
  await expect(stranger.getByText(/This link is the patient's: sign in as the patient/)).toBeVisible(busy);
  await expect(stranger.getByRole("button", { name: "Join the visit" })).toHaveCount(0, busy);
  await expect(stranger.locator("video")).toHaveCount(0, busy);
  await expect(provider.getByTestId("remote-video")).toHaveCount(1, busy);

  // The guest opens the emailed link and waits; the provider sees them waiting and admits them.
  const guestLink = new URL(await mailboxLink(browser, guestEmail, /\/invitations\/guest\//)).pathname;
  expect(guestLink).toMatch(/^\/invitations\/guest\/[A-Za-z0-9_-]{32}$/);
  const guest = await guestContext.newPage();
  await guest.goto(guestLink);
  await expect(guest.getByText("You are invited as Lucía Interpreter.")).toBeVisible(busy);
  await guest.getByRole("button", { name: "Join the visit" }).click();
  await expect(guest.getByRole("heading", { name: "Waiting to be let in" })).toBeVisible(busy);
  await expect(guest.getByTestId("local-video")).toBeVisible(busy);
  await expectWaitingRoomClear(guest, "Waiting to be let in");
  await expect(provider.getByText("Lucía Interpreter is waiting to join")).toBeVisible(busy);
  // Waiting, the guest gets nothing of the call.
  await expect(guest.getByTestId("remote-video")).toHaveCount(0, busy);
  await expect(patient.getByTestId("remote-video")).toHaveCount(1, busy);
  await provider.getByRole("button", { name: "Admit Lucía Interpreter" }).click();

  // In: the guest sees and hears the others, and they see the guest.
  await expect(guest.getByTestId("remote-video")).toHaveCount(2, busy);
  await expectPlaying(guest.getByTestId("remote-video").first());
  await expectPlaying(guest.getByTestId("remote-video").last());
  await expect(provider.getByTestId("remote-video")).toHaveCount(2, busy);
  await expect(patient.getByTestId("remote-video")).toHaveCount(2, busy);

  // Removed: the guest's call ends and their picture leaves the others' screens.
  await provider.getByRole("button", { name: "Participants" }).click();
  await provider.getByRole("button", { name: "Remove Lucía Interpreter from the visit" }).click();
  await expect(guest.getByText("The provider removed you from the visit")).toBeVisible(busy);
  await expect(guest.locator("video")).toHaveCount(0, busy);
  await expect(provider.getByTestId("remote-video")).toHaveCount(1, busy);
  await expect(patient.getByTestId("remote-video")).toHaveCount(1, busy);

  // The same link does not bring them back.
  await guest.goto(guestLink);
  await guest.getByRole("button", { name: "Join the visit" }).click();
  await expect(
    guest.getByText("The provider has not let you into this visit. Ask them to admit you again"),
  ).toBeVisible(busy);
  await expect(guest.getByTestId("remote-video")).toHaveCount(0, busy);
  await expect(provider.getByText("Lucía Interpreter is waiting to join")).toHaveCount(0, busy);

  await provider.getByRole("button", { name: "End visit for everyone" }).click();
  await provider.getByRole("button", { name: "End visit", exact: true }).click();
  await expect(patient.getByText("The meeting has finished")).toBeVisible(busy);
  for (const context of [providerContext, patientContext, guestContext, strangerContext])
    await context.close();
});
