import { expect, type Locator, type Page, test } from "./fixtures";
import { DEMO, fakeMediaLaunch, signInToHome } from "./support";

// Chromium's fake camera and microphone; screen capture picks a screen without asking.
test.use({
  permissions: ["camera", "microphone"],
  launchOptions: fakeMediaLaunch([
    "--auto-select-desktop-capture-source=Entire screen",
    "--disable-features=WebRtcHideLocalIpsWithMdns",
  ]),
});

const MINUTE = 60_000;

/**
 * A video visit of the demo provider with the demo patient, open now. A retry runs against the same database,
 * so it tries windows that never overlap each other until one is free.
 */
async function createVisit(page: Page): Promise<void> {
  const created = await page.evaluate(async (minute) => {
    const now = Math.floor(Date.now() / minute) * minute;
    const me = await (await fetch("/api/v1/auth.me")).json();
    const providerId = me.result.data.json.user.userId as string;
    const query = encodeURIComponent(JSON.stringify({ json: { page: 1, pageSize: 100 } }));
    const patients = await (await fetch(`/api/v1/patients.list?input=${query}`)).json();
    const patient = (
      patients.result.data.json.items as { id: string; firstName: string; lastName: string }[]
    ).find((p) => `${p.firstName} ${p.lastName}` === "Alex Morgan");
    const failures: string[] = [];
    // Both windows are open now (from 30 minutes before the start) and last beyond the test.
    for (const [from, to] of [
      [-8, 12],
      [12, 27],
    ] as const) {
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
      if (response.ok) return "created";
      failures.push(await response.text());
    }
    return failures.join("\n");
  }, MINUTE);
  expect(created).toBe("created");
}

/** A remote picture that really plays: it has a size and its time moves on. */
async function expectPlaying(video: Locator) {
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(before);
}

test("a patient waits, the provider joins, they see and write to each other, share a screen, rejoin after a reload, and the provider finishes", async ({
  browser,
  axeAudit,
}) => {
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
  await createVisit(provider);

  // The patient joins from /home and waits for the provider.
  await signInToHome(patient, DEMO.patient);
  await patient.getByRole("button", { name: "Join video visit" }).first().click();
  await expect(patient).toHaveURL(/\/invitations\/[0-9a-f-]{36}$/);
  await patient.getByRole("button", { name: "Join the visit" }).click();
  await expect(patient.getByRole("heading", { name: "Waiting for your provider" })).toBeVisible();

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
