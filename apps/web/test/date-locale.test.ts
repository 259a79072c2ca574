import { describe, expect, it } from "vitest";
import { loadDateLocale } from "../src/lib/date-locale";
import { dateLocaleFor, formatDate } from "../src/lib/format";

describe("date words by language", () => {
  it("are English until Spanish is downloaded, then Spanish for Spanish only", async () => {
    expect(dateLocaleFor("es").code).toBe("en-US");
    await loadDateLocale("en");
    expect(dateLocaleFor("es").code).toBe("en-US");
    await loadDateLocale("es");
    expect(dateLocaleFor("es").code).toBe("es");
    expect(dateLocaleFor("en").code).toBe("en-US");
    expect(formatDate("2026-03-05", "es")).toBe("5 mar 2026");
    expect(formatDate("2026-03-05", "en")).toBe("Mar 5, 2026");
  });
});
