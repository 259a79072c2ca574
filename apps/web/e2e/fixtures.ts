import { test as base } from "@playwright/test";
import { AxeAudit } from "./axe-audit";

// A drop-in for "@playwright/test": everything it exports, with `test` replaced below.
export * from "@playwright/test";

/**
 * Playwright's test, with axe run on every page the test shows (desktop or phone, whatever its viewport): a
 * serious or critical WCAG 2.x A/AA violation fails the test, naming the rule and the elements.
 */
export const test = base.extend<{ axeAudit: AxeAudit; auditEveryPage: boolean }>({
  // A spec that checks each page itself once it has loaded turns this off, so no page is checked twice.
  auditEveryPage: [true, { option: true }],
  axeAudit: [
    async ({ browser, context, auditEveryPage }, use, testInfo) => {
      const audit = new AxeAudit();
      if (!auditEveryPage) {
        await use(audit);
        return;
      }
      audit.watchContext(context);
      // Specs that open their own contexts (two users side by side) are audited too.
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const opened = await newContext.call(browser, options);
        audit.watchContext(opened);
        return opened;
      };
      try {
        await use(audit);
      } finally {
        browser.newContext = newContext;
      }
      const problems = await audit.finish({ checkFinalState: testInfo.status === testInfo.expectedStatus });
      if (problems) throw new Error(problems);
    },
    { auto: true },
  ],
});
