import { describe, expect, it } from "vitest";
import {
  AppError,
  adjustmentPhase,
  assertAdjustmentCreatable,
  assertAdjustmentDeletable,
  assertAdjustmentUpdatable,
  assertPaymentAllowed,
  assertPriceDeletable,
  assertPriceUpdatable,
  type BillingInput,
  balanceCents,
  canSettleTransaction,
  centsToInput,
  computeBillingEntry,
  createPriceInput,
  formatMoney,
  listTransactionsInput,
  moneyTextSchema,
  parseMoney,
  priceCentsSchema,
  recordTransactionInput,
  rtmCodes,
  rtmPeriods,
  rtmSetupMinDataDays,
  rtmSetupPeriod,
  serviceUnits,
  sumCents,
  TRANSACTION_STATUSES,
  todayIn,
  transactionStatusesSettlingTo,
  visitCharge,
} from "../src";

const fiz = (fn: () => unknown) => {
  try {
    fn();
    return "ok";
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};
const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join("."), i.message]);

const ID = "00000000-0000-4000-8000-000000000001";
const OTHER = "00000000-0000-4000-8000-000000000002";

describe("money is whole cents", () => {
  it("parses typed amounts without floats", () => {
    expect(parseMoney("12")).toBe(1200);
    expect(parseMoney("12.5")).toBe(1250);
    expect(parseMoney("0.29")).toBe(29);
    expect(parseMoney("$1,012.50")).toBe(101250);
    expect(parseMoney("999.99")).toBe(99999);
    for (const bad of ["-1", "1.234", "abc", "", "1,00", "1.", ".5"]) expect(parseMoney(bad)).toBeNull();
  });

  it("formats and sums exactly", () => {
    expect(centsToInput(1250)).toBe("12.50");
    expect(centsToInput(5)).toBe("0.05");
    expect(formatMoney(101250)).toBe("$1,012.50");
    // 0.1 + 0.2 in dollars is not 0.3 in floats; in cents it is.
    expect(sumCents([10, 20])).toBe(30);
    expect(() => sumCents([10.5])).toThrow();
    expect(balanceCents(5000, 1250)).toBe(3750);
  });

  it("bounds prices to $0-$999.99 (FIZ068) and payments to $1-$999.99 (FIZ071)", () => {
    expect(createPriceInput.safeParse({ description: "Senior", amountCents: 0 }).success).toBe(true);
    expect(issues(createPriceInput.safeParse({ description: "Senior", amountCents: 100_000 }))).toEqual([
      ["amountCents", "FIZ068"],
    ]);
    expect(issues(createPriceInput.safeParse({ description: "Senior", amountCents: -1 }))).toEqual([
      ["amountCents", "FIZ068"],
    ]);
    expect(issues(createPriceInput.safeParse({ description: "Senior", amountCents: 12.5 }))).toEqual([
      ["amountCents", "FIZ011"],
    ]);
    const payment = { patientId: ID, method: "CASH" };
    expect(issues(recordTransactionInput.safeParse({ ...payment, amountCents: 99 }))).toEqual([
      ["amountCents", "FIZ071"],
    ]);
    expect(issues(recordTransactionInput.safeParse({ ...payment, amountCents: 100_000 }))).toEqual([
      ["amountCents", "FIZ071"],
    ]);
    expect(recordTransactionInput.safeParse({ ...payment, amountCents: 100 }).success).toBe(true);
  });
});

describe("prices", () => {
  it("keep the Standard price's description and the Standard price itself (FIZ070)", () => {
    const standard = { description: "Standard", standard: true };
    expect(fiz(() => assertPriceUpdatable(standard, { description: "Standard", amountCents: 9000 }))).toBe(
      "ok",
    );
    expect(fiz(() => assertPriceUpdatable(standard, { description: "Base", amountCents: 9000 }))).toBe(
      "FIZ070",
    );
    expect(fiz(() => assertPriceDeletable(standard))).toBe("FIZ070");
    const other = { description: "Senior", standard: false };
    expect(fiz(() => assertPriceUpdatable(other, { description: " standard ", amountCents: 1 }))).toBe(
      "FIZ069",
    );
    expect(fiz(() => assertPriceDeletable(other))).toBe("ok");
  });
});

describe("fee adjustments", () => {
  const today = "2026-11-25";
  const future = { id: ID, priceId: ID, startDate: "2026-12-01", endDate: "2026-12-31" };
  const started = { id: ID, priceId: ID, startDate: "2026-11-01", endDate: null };
  const ended = { id: ID, priceId: ID, startDate: "2026-10-01", endDate: "2026-11-24" };

  it("knows future, started and ended, the end day included", () => {
    expect(adjustmentPhase(future, today)).toBe("FUTURE");
    expect(adjustmentPhase(started, today)).toBe("STARTED");
    expect(adjustmentPhase({ ...ended, endDate: today }, today)).toBe("STARTED");
    expect(adjustmentPhase(ended, today)).toBe("ENDED");
  });

  it("apply to cash patients only and cannot start in the past", () => {
    const next = { priceId: ID, startDate: today, endDate: null };
    expect(fiz(() => assertAdjustmentCreatable("CASH", next, [], today))).toBe("ok");
    expect(fiz(() => assertAdjustmentCreatable("INSURANCE", next, [], today))).toBe("FIZ028");
    expect(fiz(() => assertAdjustmentCreatable(null, next, [], today))).toBe("FIZ028");
    expect(
      fiz(() => assertAdjustmentCreatable("CASH", { ...next, startDate: "2026-11-24" }, [], today)),
    ).toBe("FIZ029");
  });

  it("cannot overlap, an open end running for ever; touching ranges do not overlap", () => {
    const other = { id: OTHER, priceId: ID, startDate: "2026-12-10", endDate: null };
    expect(
      fiz(() => assertAdjustmentCreatable("CASH", { ...future, endDate: "2026-12-09" }, [other], today)),
    ).toBe("ok");
    expect(fiz(() => assertAdjustmentCreatable("CASH", future, [other], today))).toBe("FIZ229");
    expect(
      fiz(() =>
        assertAdjustmentCreatable(
          "CASH",
          { priceId: ID, startDate: "2027-03-01", endDate: null },
          [other],
          today,
        ),
      ),
    ).toBe("FIZ229");
    // Updating an adjustment is not an overlap with itself.
    expect(fiz(() => assertAdjustmentUpdatable(future, future, [future], today))).toBe("ok");
  });

  it("once started change only the end date, never into the past; ended ones are locked", () => {
    expect(
      fiz(() => assertAdjustmentUpdatable(started, { ...started, endDate: "2026-12-31" }, [], today)),
    ).toBe("ok");
    expect(fiz(() => assertAdjustmentUpdatable(started, { ...started, endDate: today }, [], today))).toBe(
      "ok",
    );
    expect(
      fiz(() => assertAdjustmentUpdatable(started, { ...started, endDate: "2026-11-20" }, [], today)),
    ).toBe("FIZ015");
    expect(fiz(() => assertAdjustmentUpdatable(started, { ...started, priceId: OTHER }, [], today))).toBe(
      "FIZ225",
    );
    expect(
      fiz(() => assertAdjustmentUpdatable(started, { ...started, startDate: "2026-11-02" }, [], today)),
    ).toBe("FIZ225");
    expect(fiz(() => assertAdjustmentUpdatable(ended, { ...ended, endDate: "2026-12-31" }, [], today))).toBe(
      "FIZ226",
    );
    expect(
      fiz(() => assertAdjustmentUpdatable(future, { ...future, startDate: "2026-11-20" }, [], today)),
    ).toBe("FIZ029");
  });

  it("only future ones can be deleted", () => {
    expect(fiz(() => assertAdjustmentDeletable(future, today))).toBe("ok");
    expect(fiz(() => assertAdjustmentDeletable(started, today))).toBe("FIZ228");
    expect(fiz(() => assertAdjustmentDeletable(ended, today))).toBe("FIZ228");
  });
});

describe("billing entries", () => {
  const exercise = { code: "97110", name: "Therapeutic exercise", unit: "FIFTEEN_MINUTES" } as const;
  const base: BillingInput = {
    service: exercise,
    minutes: 45,
    serviceDate: "2026-11-25",
    patient: { paymentType: "CASH", healthPlans: [] },
    standardPrice: { id: ID, amountCents: 4500 },
    adjustments: [{ id: OTHER, startDate: "2026-11-25", endDate: "2026-11-30", amountCents: 3000 }],
  };

  it("counts 15-minute units by the 8-minute rule", () => {
    expect(serviceUnits("FIFTEEN_MINUTES", 7)).toBeNull();
    expect(serviceUnits("FIFTEEN_MINUTES", 8)).toBe(1);
    expect(serviceUnits("FIFTEEN_MINUTES", 22)).toBe(1);
    expect(serviceUnits("FIFTEEN_MINUTES", 23)).toBe(2);
    expect(serviceUnits("FIFTEEN_MINUTES", 60)).toBe(4);
    expect(serviceUnits("VISIT", 90)).toBe(1);
  });

  it("bills a cash patient at the adjusted price in force that day", () => {
    const out = computeBillingEntry(base);
    expect(out).toEqual({
      ok: true,
      entry: expect.objectContaining({ units: 3, unitPriceCents: 3000, amountCents: 9000, payer: "CASH" }),
    });
    const after = computeBillingEntry({ ...base, serviceDate: "2026-12-01" });
    expect(after.ok && after.entry).toMatchObject({
      unitPriceCents: 4500,
      amountCents: 13500,
      feeAdjustmentId: null,
    });
  });

  it("bills an insured patient's primary plan at the Standard price, or says there is none (FIZ245)", () => {
    const insured = {
      paymentType: "INSURANCE" as const,
      healthPlans: [
        { id: OTHER, cob: "SECONDARY" as const, planName: "Aetna", planId: "A1" },
        { id: ID, cob: "PRIMARY" as const, planName: "Medicare", planId: "M1" },
      ],
    };
    const out = computeBillingEntry({ ...base, patient: insured });
    expect(out.ok && out.entry).toMatchObject({ payer: "INSURANCE", healthPlanId: ID, unitPriceCents: 4500 });
    expect(
      computeBillingEntry({ ...base, patient: { ...insured, healthPlans: [insured.healthPlans[0]!] } }),
    ).toEqual({
      ok: false,
      code: "FIZ245",
    });
  });

  it("bills a code's own price per unit, the Standard price standing in for a code without one", () => {
    const priced = computeBillingEntry({
      ...base,
      serviceDate: "2026-12-01",
      codePrice: { id: OTHER, amountCents: 3800 },
    });
    expect(priced.ok && priced.entry).toMatchObject({ units: 3, unitPriceCents: 3800, amountCents: 11400 });
    // A fee adjustment is the cash patient's price for the days it covers, whatever the code.
    const adjusted = computeBillingEntry({ ...base, codePrice: { id: OTHER, amountCents: 3800 } });
    expect(adjusted.ok && adjusted.entry).toMatchObject({ unitPriceCents: 3000, feeAdjustmentId: OTHER });
    expect(
      computeBillingEntry({
        ...base,
        standardPrice: undefined,
        serviceDate: "2026-12-01",
        codePrice: { id: OTHER, amountCents: 3800 },
      }).ok,
    ).toBe(true);
  });

  it("charges a visit the sum of each code's price × its units", () => {
    const lines = [
      { code: "97161", units: 1 },
      { code: "97110", units: 2 },
      { code: "97140", units: 1 },
    ];
    expect(visitCharge(lines, { "97161": 12000, "97110": 3800 }, 4500)).toEqual({
      lines: [
        { code: "97161", units: 1, unitPriceCents: 12000, amountCents: 12000 },
        { code: "97110", units: 2, unitPriceCents: 3800, amountCents: 7600 },
        { code: "97140", units: 1, unitPriceCents: 4500, amountCents: 4500 },
      ],
      totalCents: 24100,
    });
    expect(visitCharge(lines, { "97161": 12000, "97110": 3800 }, undefined)).toBeNull();
    expect(visitCharge([], {}, undefined)).toEqual({ lines: [], totalCents: 0 });
  });

  it("reports a computation it cannot do (FIZ257)", () => {
    expect(computeBillingEntry({ ...base, service: undefined })).toEqual({ ok: false, code: "FIZ257" });
    expect(computeBillingEntry({ ...base, standardPrice: undefined })).toEqual({ ok: false, code: "FIZ257" });
    expect(computeBillingEntry({ ...base, patient: { paymentType: null, healthPlans: [] } })).toEqual({
      ok: false,
      code: "FIZ257",
    });
    expect(computeBillingEntry({ ...base, minutes: 5 })).toEqual({ ok: false, code: "FIZ257" });
  });
});

describe("transactions", () => {
  it("refuse cash from an insured patient and another patient's card", () => {
    expect(fiz(() => assertPaymentAllowed({ id: ID, paymentType: "INSURANCE" }, "CASH", null))).toBe(
      "FIZ030",
    );
    expect(fiz(() => assertPaymentAllowed({ id: ID, paymentType: "INSURANCE" }, "CARD", ID))).toBe("ok");
    expect(fiz(() => assertPaymentAllowed({ id: ID, paymentType: "CASH" }, "CARD", OTHER))).toBe("FIZ031");
    expect(fiz(() => assertPaymentAllowed({ id: ID, paymentType: "CASH" }, "CARD", null))).toBe("FIZ031");
    expect(fiz(() => assertPaymentAllowed({ id: ID, paymentType: "CASH" }, "CASH", null))).toBe("ok");
  });

  it("need a card for card payments and none for cash", () => {
    expect(
      issues(recordTransactionInput.safeParse({ patientId: ID, amountCents: 500, method: "CARD" })),
    ).toEqual([["cardId", "FIZ001"]]);
    expect(
      issues(
        recordTransactionInput.safeParse({ patientId: ID, amountCents: 500, method: "CASH", cardId: ID }),
      ),
    ).toEqual([["cardId", "FIZ007"]]);
  });

  it("list at most a year at a time (FIZ066)", () => {
    expect(listTransactionsInput.safeParse({ from: "2026-01-01", to: "2027-01-01" }).success).toBe(true);
    expect(issues(listTransactionsInput.safeParse({ from: "2026-01-01", to: "2027-01-02" }))).toEqual([
      ["to", "FIZ066"],
    ]);
  });
});

describe("a card payment's status as Stripe settles it", () => {
  it("moves a pending payment either way, lets a failed one succeed on retry, and never undoes a success", () => {
    const moves = TRANSACTION_STATUSES.flatMap((from) =>
      TRANSACTION_STATUSES.filter((to) => canSettleTransaction(from, to)).map((to) => `${from}>${to}`),
    );
    expect(moves.sort()).toEqual(["FAILED>SUCCEEDED", "PENDING>FAILED", "PENDING>SUCCEEDED"]);
  });

  it("gives the statuses an update may start from, whatever order the events come in", () => {
    expect(transactionStatusesSettlingTo("SUCCEEDED").sort()).toEqual(["FAILED", "PENDING"]);
    expect(transactionStatusesSettlingTo("FAILED")).toEqual(["PENDING"]);
    expect(transactionStatusesSettlingTo("PENDING")).toEqual([]);
    // Every order of a success and a failure ends succeeded once the success has arrived.
    const apply = (
      status: (typeof TRANSACTION_STATUSES)[number],
      to: (typeof TRANSACTION_STATUSES)[number],
    ) => (transactionStatusesSettlingTo(to).includes(status) ? to : status);
    expect(apply(apply("PENDING", "SUCCEEDED"), "FAILED")).toBe("SUCCEEDED");
    expect(apply(apply("PENDING", "FAILED"), "SUCCEEDED")).toBe("SUCCEEDED");
    expect(apply(apply("PENDING", "FAILED"), "FAILED")).toBe("FAILED");
  });
});

describe("remote therapeutic monitoring", () => {
  const days = (from: number, count: number, month = "11") =>
    Array.from({ length: count }, (_, i) => `2026-${month}-${String(from + i).padStart(2, "0")}`);

  it("earns 98977 from 16 days of data and 98980/98981 per 20 minutes", () => {
    expect(rtmCodes(15, 19)).toEqual([]);
    expect(rtmCodes(16, 20)).toEqual([
      { code: "98977", units: 1 },
      { code: "98980", units: 1 },
    ]);
    expect(rtmCodes(0, 39)).toEqual([{ code: "98980", units: 1 }]);
    expect(rtmCodes(0, 40)).toEqual([
      { code: "98980", units: 1 },
      { code: "98981", units: 1 },
    ]);
    expect(rtmCodes(0, 85)).toEqual([
      { code: "98980", units: 1 },
      { code: "98981", units: 3 },
    ]);
  });

  it("counts 30-day periods from the first day of data, the edges included, each day once", () => {
    const data = [...days(1, 16), "2026-11-03", "2026-11-30", "2026-12-01"];
    const periods = rtmPeriods(
      data,
      [
        { day: "2026-11-30", minutes: 25 },
        { day: "2026-12-01", minutes: 30 },
      ],
      "2026-12-05",
    );
    expect(periods).toHaveLength(2);
    const [current, first] = periods;
    expect(first).toMatchObject({
      start: "2026-11-01",
      end: "2026-11-30",
      dataDays: 17,
      minutes: 25,
      complete: true,
    });
    expect(first?.codes.map((c) => c.code)).toEqual(["98975", "98977", "98980"]);
    expect(current).toMatchObject({
      start: "2026-12-01",
      end: "2026-12-30",
      dataDays: 1,
      complete: false,
      daysToGo: 15,
    });
    expect(rtmPeriods([], [], "2026-12-05")).toEqual([]);
  });

  it("earns 98975 (set-up and education) once per episode: 16 days of data until 2025, 2 from 2026", () => {
    expect(rtmSetupMinDataDays("2025-12-31")).toBe(16);
    expect(rtmSetupMinDataDays("2026-01-01")).toBe(2);
    const codesOf = (periods: { start: string; codes: { code: string }[] }[]) =>
      Object.fromEntries(periods.map((p) => [p.start, p.codes.map((c) => c.code)]));
    // A first period of one day earns nothing; the next with two days earns it, and no later one does.
    const periods = rtmPeriods(["2026-09-01", "2026-10-05", "2026-10-06", ...days(1, 16)], [], "2026-12-05");
    expect(codesOf(periods)).toEqual({
      "2026-09-01": [],
      "2026-10-01": ["98975"],
      "2026-10-31": ["98977"],
      "2026-11-30": [],
    });
    // Billed in a period, it stays that period's, even were the days counted differently since.
    expect(codesOf(rtmPeriods(["2026-09-01", "2026-09-02"], [], "2026-12-05", "2026-10-01"))).toEqual({
      "2026-09-01": [],
      "2026-10-01": ["98975"],
      "2026-10-31": [],
      "2026-11-30": [],
    });
  });

  it("asks a period ending in 2025 for 16 days before it earns 98975", () => {
    const late2025 = Array.from({ length: 15 }, (_, i) => `2025-11-${String(i + 1).padStart(2, "0")}`);
    const periods = rtmPeriods([...late2025, "2025-12-05", "2026-01-02", "2026-01-03"], [], "2026-01-20");
    expect(periods.map((p) => [p.start, p.end, p.codes.map((c) => c.code)])).toEqual([
      ["2025-12-31", "2026-01-29", ["98975"]],
      ["2025-12-01", "2025-12-30", []],
      ["2025-11-01", "2025-11-30", []],
    ]);
    expect(rtmSetupPeriod([{ start: "2025-11-01", end: "2025-11-30", dataDays: 16 }])).toBe("2025-11-01");
    expect(rtmSetupPeriod([])).toBeNull();
  });

  it("takes days in the clinic's zone: a late-evening recording in Honolulu is the same day there", () => {
    const lateEvening = new Date("2026-11-26T08:30:00Z");
    expect(todayIn("Pacific/Honolulu", lateEvening)).toBe("2026-11-25");
    expect(todayIn("UTC", lateEvening)).toBe("2026-11-26");
  });
});

describe("amounts typed in forms", () => {
  it("become cents or say why not", () => {
    const schema = moneyTextSchema(priceCentsSchema);
    expect(schema.parse(" 45.5 ")).toBe(4550);
    expect(schema.safeParse("").error?.issues[0]?.message).toBe("FIZ001");
    expect(schema.safeParse("4.555").error?.issues[0]?.message).toBe("FIZ011");
    expect(schema.safeParse("1000").error?.issues[0]?.message).toBe("FIZ068");
  });
});
