import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";

/** WCAG 2.0–2.2, levels A and AA. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);
const QUIET_MS = 300;
const SETTLE_CAP_MS = 5_000;

/**
 * Runs axe on every settled page a test shows, once per distinct URL and viewport, and collects the serious and
 * critical violations. Checks run in the background as the test navigates, one at a time per page, so a test only
 * waits for them when it closes a page or ends.
 */
export class AxeAudit {
  private readonly checked = new Set<string>();
  private readonly violations: string[] = [];
  private readonly failures: string[] = [];
  private finished = false;
  private readonly pages = new Set<Page>();
  private readonly contexts = new Set<BrowserContext>();
  private readonly queues = new Map<Page, Promise<void>>();

  watchContext(context: BrowserContext) {
    if (this.contexts.has(context)) return;
    this.contexts.add(context);
    for (const page of context.pages()) this.watchPage(page);
    context.on("page", (page) => this.watchPage(page));
    // A test that closes its own context is done with its pages: their last state is checked first.
    const close = context.close.bind(context);
    context.close = async (options) => {
      await Promise.all(context.pages().map((page) => this.flush(page)));
      return close(options);
    };
  }

  /** The serious and critical violations on the page as it is now, even if its URL was checked before. */
  async violationsOn(page: Page) {
    await this.queues.get(page);
    await settle(page);
    this.checked.add(auditKey(page) ?? page.url());
    return analyze(page);
  }

  /** Waits for the checks under way, checks each open page's final state, and returns what was found. */
  async finish({ checkFinalState }: { checkFinalState: boolean }) {
    await Promise.all(
      [...this.pages].map((page) => (checkFinalState ? this.flush(page) : this.queues.get(page))),
    );
    this.finished = true;
    const problems = [...this.violations, ...this.failures];
    return problems.length > 0 ? report(problems) : undefined;
  }

  private watchPage(page: Page) {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    // Same-document (router) navigations are reported too, so each client-side route is checked.
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) this.enqueue(page);
    });
    const close = page.close.bind(page);
    page.close = async (options) => {
      await this.flush(page);
      return close(options);
    };
  }

  private flush(page: Page) {
    if (page.isClosed()) return this.queues.get(page);
    return this.enqueue(page);
  }

  private enqueue(page: Page) {
    if (this.finished) return Promise.resolve();
    const next = (this.queues.get(page) ?? Promise.resolve())
      .then(() => this.check(page, true))
      .catch((error: unknown) => {
        this.failures.push(`axe could not check ${page.url()}: ${String(error)}`);
      });
    this.queues.set(page, next);
    return next;
  }

  private async check(page: Page, retry: boolean): Promise<void> {
    let key: string | undefined;
    try {
      if (page.isClosed()) return;
      await settle(page);
      key = auditKey(page);
      if (!key || this.checked.has(key)) return;
      this.checked.add(key);
      const found = await analyze(page);
      this.violations.push(...found.map((line) => `${key}: ${line}`));
    } catch (error) {
      if (key) this.checked.delete(key);
      if (page.isClosed() || isClosedError(error)) return;
      // A full navigation in the middle of a run: try once more; if the page is still moving, the navigation's
      // own check (queued by its framenavigated event) covers the next document.
      if (isNavigationError(error)) return retry ? this.check(page, false) : undefined;
      throw error;
    }
  }
}

async function analyze(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    // Toasts stacked behind the front one are faded out by design (their text is announced when they arrive); a
    // run during the fade reads its text at part opacity.
    .exclude('[data-sonner-toast][data-front="false"]')
    // Runs in the page itself: the default mode opens a blank tab in the test's context to merge frame results.
    .setLegacyMode(true)
    .analyze();
  const transient = await transientContrastNodes(page, results.violations);
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""))
    .map((violation) => ({
      ...violation,
      nodes: violation.nodes.filter(
        (node) => !hiddenByModalLayer(violation.id, node) && !transient.has(node),
      ),
    }))
    .filter((violation) => violation.nodes.length > 0)
    .map(
      (violation) =>
        `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes.map((node) => `    ${node.target.join(" ")}`).join("\n"),
    );
}

type NodeResult = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number]["nodes"][number];

/**
 * While a Radix dialog, menu or select list is open, it hides the rest of the page with aria-hidden (marking what
 * it hid data-aria-hidden) and traps focus inside itself, so the hidden page's controls cannot be reached; axe
 * does not see the trap and reports them.
 */
const hiddenByModalLayer = (rule: string, node: NodeResult) =>
  rule === "aria-hidden-focus" && node.html.includes('data-aria-hidden="true"');

/**
 * A colour that is still moving is read blended: a toast fading in or out (its time is up), a button whose
 * variant changes with `transition-colors` right after a click. Either can start after the page had settled,
 * and a busy machine makes that likelier. So a color-contrast finding is judged as the element comes to rest: it
 * is checked again once the transitions on it and on its ancestors have finished, and dropped when that check
 * passes, or when it was a toast's own part (sonner marks them) that has gone meanwhile.
 */
async function transientContrastNodes(
  page: Page,
  violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"],
): Promise<Set<NodeResult>> {
  const transient = new Set<NodeResult>();
  for (const node of violations.find((v) => v.id === "color-contrast")?.nodes ?? []) {
    const selector = node.target.join(" ");
    const state = await page
      .evaluate(
        async ({ sel, capMs }) => {
          const element = document.querySelector(sel);
          const toast = element?.closest("[data-sonner-toast]") ?? null;
          if (!element) return "gone";
          const moving = document.getAnimations().filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return target instanceof Element && (target === element || target.contains(element));
          });
          await Promise.race([
            Promise.allSettled(moving.map((animation) => animation.finished)),
            new Promise((later) => setTimeout(later, capMs)),
          ]);
          return toast && !document.contains(toast) ? "gone" : "shown";
        },
        { sel: selector, capMs: SETTLE_CAP_MS },
      )
      .catch(() => "shown");
    if (state === "gone") {
      if (/data-(title|description|sonner-toast)/.test(node.html)) transient.add(node);
      continue;
    }
    const again = await new AxeBuilder({ page })
      .include(selector)
      .withRules(["color-contrast"])
      .setLegacyMode(true)
      .analyze()
      .catch(() => null);
    if (again && again.violations.length === 0) transient.add(node);
  }
  return transient;
}

/** Settled: the DOM has been quiet for a moment and finite animations (dialogs fading in) have finished. */
async function settle(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(
    ({ quietMs, capMs }) =>
      new Promise<void>((resolve) => {
        const deadline = setTimeout(done, capMs);
        let quiet = setTimeout(done, quietMs);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, quietMs);
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(deadline);
          clearTimeout(quiet);
          const finite = document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
          Promise.race([
            Promise.allSettled(finite.map((animation) => animation.finished)),
            new Promise((later) => setTimeout(later, capMs)),
          ]).then(() => resolve());
        }
      }),
    { quietMs: QUIET_MS, capMs: SETTLE_CAP_MS },
  );
}

function auditKey(page: Page) {
  const url = new URL(page.url());
  if (!url.protocol.startsWith("http")) return undefined;
  const viewport = page.viewportSize();
  return `${url.pathname}${url.search} at ${viewport ? `${viewport.width}x${viewport.height}` : "window size"}`;
}

function report(lines: string[]) {
  return `Accessibility violations (serious or critical):\n${lines.join("\n")}`;
}

const isClosedError = (error: unknown) => /has been closed|Target closed/i.test(String(error));
/** Includes axe missing from the page: the document it was injected into was replaced before the run. */
const isNavigationError = (error: unknown) =>
  /Execution context was destroyed|navigation|Cannot find context|reading 'run|axe is not defined/i.test(
    String(error),
  );
