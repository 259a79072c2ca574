import { describe, expect, it } from "vitest";
import { createReviewClock } from "../../src/features/results/review-clock";

describe("the recording review clock", () => {
  it("counts visible seconds only, each beat capped at 90", () => {
    let t = 0;
    const sent: number[] = [];
    const clock = createReviewClock(
      true,
      () => t,
      (s) => sent.push(s),
    );
    t = 60_000;
    clock.flush();
    t = 70_000;
    clock.hide();
    t = 500_000; // hidden: not counted
    clock.show();
    t = 530_500;
    clock.flush();
    t = 900_000; // a throttled timer firing late claims no more than the cap
    clock.flush();
    clock.flush(); // nothing new
    expect(sent).toEqual([60, 10, 30, 90]);
  });

  it("starts counting only once a hidden page is shown", () => {
    let t = 0;
    const sent: number[] = [];
    const clock = createReviewClock(
      false,
      () => t,
      (s) => sent.push(s),
    );
    t = 30_000;
    clock.flush();
    clock.show();
    t = 45_000;
    clock.hide();
    expect(sent).toEqual([15]);
  });
});
