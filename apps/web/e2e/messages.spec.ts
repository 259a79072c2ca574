import { expect, type Page, test } from "./fixtures";
import { chooseOption, DEMO, signInToHome } from "./support";

/** The header's inbox link says how many messages wait unread ("Inbox" when none). */
async function unreadCount(page: Page): Promise<number> {
  const label =
    (await page
      .getByRole("banner")
      .getByRole("link", { name: /Inbox|unread/ })
      .getAttribute("aria-label")) ?? "";
  return Number(label.match(/^(\d+) unread/)?.[1] ?? 0);
}

test("a provider messages a patient; the badge appears live on the patient's phone; the reply reaches the provider", async ({
  browser,
}) => {
  const subject = `Knee check ${Date.now()}`;
  const provider = await (await browser.newContext()).newPage();
  const patient = await (
    await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true })
  ).newPage();
  await signInToHome(patient, DEMO.patient);
  const before = await unreadCount(patient);

  await signInToHome(provider, DEMO.provider);
  await provider.goto("/messages/sent");
  await provider.getByRole("button", { name: "New message" }).click();
  const dialog = provider.getByRole("dialog", { name: "New message" });
  await dialog.getByLabel("To", { exact: true }).fill("Alex");
  await dialog.getByRole("button", { name: /^Add Alex Morgan/ }).click();
  await expect(dialog.getByRole("list", { name: "Recipients" })).toContainText("Alex Morgan");
  await dialog.getByLabel("Subject", { exact: true }).fill(subject);
  await dialog.getByLabel("Message", { exact: true }).fill("How did the squats feel today?");
  await dialog.getByRole("button", { name: "Send" }).click();
  // From Sent, the new thread opens at once.
  await expect(provider.getByRole("heading", { level: 1, name: subject })).toBeVisible();

  // No reload: the count comes over the live stream.
  const expected = before + 1;
  await expect(
    patient
      .getByRole("banner")
      .getByRole("link", { name: `${expected} unread message${expected === 1 ? "" : "s"}` }),
  ).toBeVisible();
  await patient
    .getByRole("banner")
    .getByRole("link", { name: /unread/ })
    .click();
  await expect(patient).toHaveURL(/\/messages\/inbox/);
  await patient.getByRole("button", { name: new RegExp(`^Open ${subject}`) }).click();
  await expect(patient.getByText("How did the squats feel today?")).toBeVisible();
  await expect(
    patient.getByRole("banner").getByRole("link", { name: before === 0 ? "Inbox" : /unread/ }),
  ).toBeVisible();
  await patient.getByLabel("Your reply").fill("Better than yesterday, thank you.");
  await patient.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(patient.getByText("Reply sent")).toBeVisible();

  // The provider's open thread shows the reply as it arrives.
  await expect(provider.getByText("Better than yesterday, thank you.")).toBeVisible();
  // Read as it arrived in the open thread, so the inbox lists it as read.
  await provider.goto(`/messages/inbox?q=${encodeURIComponent(subject)}`);
  const reply = provider.getByRole("row").filter({ hasText: subject });
  await expect(reply.getByText("Read", { exact: true })).toBeVisible();
});

test("messages refuse what the rules forbid and show the FIZ message", async ({ page }) => {
  await signInToHome(page, DEMO.patient);
  await page.goto("/messages/inbox");
  await page.getByRole("button", { name: "New message" }).click();
  const dialog = page.getByRole("dialog", { name: "New message" });
  // A patient is offered only their own provider.
  await expect(dialog.getByRole("button", { name: /^Add / })).toHaveCount(1);
  await expect(dialog.getByRole("button", { name: /^Add Sam Rivera/ })).toBeVisible();
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByText("This field is required").first()).toBeVisible();
});

test("an engagement program enrolled today sends its day-0 message to the inbox and the dev mailbox", async ({
  browser,
  page,
}) => {
  const run = Date.now();
  const template = `Knee welcome ${run}`;
  const welcome = `Welcome to your knee program (${run})`;
  await signInToHome(page, DEMO.provider);
  await page.goto("/templates/engagement");
  await page.getByRole("button", { name: "New template" }).click();
  const editor = page.getByRole("dialog", { name: "New template" });
  await editor.getByLabel("Name", { exact: true }).fill(template);
  await editor.getByLabel("Text in English").fill(welcome);
  await editor.getByLabel("Text in Spanish").fill(`Bienvenido (${run})`);
  await editor.getByRole("button", { name: "Add a message" }).click();
  const second = editor.getByRole("region", { name: "Message 2" });
  await expect(second.getByLabel("Day", { exact: true })).toHaveValue("1");
  await second.getByLabel("Text in English").fill("Day 1: ice for 15 minutes after the exercises.");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("cell", { name: template, exact: true })).toBeVisible();

  await page.goto("/records/engagement/program");
  await page.getByRole("button", { name: "Enroll a patient" }).click();
  const enroll = page.getByRole("dialog", { name: "Enroll a patient" });
  await chooseOption(page, enroll.getByLabel("Patient", { exact: true }), "Alex Morgan");
  await chooseOption(page, enroll.getByLabel("Template", { exact: true }), template);
  await expect(enroll.getByLabel("Program name")).toHaveValue(template);
  await enroll.getByRole("button", { name: "Enroll a patient" }).click();
  await expect(page.getByText("Patient enrolled")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: template });
  // The day-0 message goes out at once (a job queued with the enrolment): 1 of 2 sent.
  // Each look waits for the reloaded list itself (slow on a busy machine), then reads the row as it is.
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText("1 of 2")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.getByText("In progress")).toBeVisible();
  await row.getByRole("button", { name: `Open ${template}` }).click();
  const program = page.getByRole("dialog", { name: template });
  await expect(program.getByText("Sent: cannot be changed")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(program).toBeHidden();

  const patient = await (await browser.newContext()).newPage();
  await signInToHome(patient, DEMO.patient);
  await patient.goto(`/messages/inbox?q=${encodeURIComponent(String(run))}`);
  await expect(patient.getByRole("button", { name: new RegExp(`^Open ${template}`) })).toBeVisible();
  await expect(patient.getByText(welcome)).toBeVisible();

  const mailbox = await (await browser.newContext()).newPage();
  await signInToHome(mailbox, DEMO.superAdmin);
  await mailbox.goto("/dev/mailbox");
  await expect(
    mailbox
      .getByTestId("mailbox-email")
      .filter({ hasText: DEMO.patient })
      .filter({ hasText: `A message from your care team: ${template}` }),
  ).toHaveCount(1);

  await page.goto(`/records/engagement/history?q=${encodeURIComponent(String(run))}`);
  const sent = page.getByRole("row").filter({ hasText: welcome });
  await expect(sent.getByText("Not read")).toBeVisible();
});
