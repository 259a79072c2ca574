import { describe, expect, it } from "vitest";
import { qualityOf, sampleOf } from "../../src/features/visits/network-quality";

const report = (entries: Record<string, unknown>[]) =>
  new Map(entries.map((e, i) => [String(i), e])) as unknown as RTCStatsReport;

describe("network quality", () => {
  it("reads the nominated pair's round trip and sums inbound packets", () => {
    expect(
      sampleOf(
        report([
          { type: "candidate-pair", nominated: false, currentRoundTripTime: 2 },
          { type: "candidate-pair", nominated: true, currentRoundTripTime: 0.05 },
          { type: "inbound-rtp", packetsReceived: 900, packetsLost: 10 },
          { type: "inbound-rtp", packetsReceived: 100, packetsLost: 0 },
        ]),
      ),
    ).toEqual({ rttSeconds: 0.05, packetsReceived: 1000, packetsLost: 10 });
  });

  it("grades by round trip and by the loss since the previous read", () => {
    const before = { rttSeconds: 0.05, packetsReceived: 1000, packetsLost: 500 };
    expect(qualityOf({ rttSeconds: 0.05, packetsReceived: 2000, packetsLost: 510 }, before)).toBe("good");
    expect(qualityOf({ rttSeconds: 0.4, packetsReceived: 2000, packetsLost: 500 }, before)).toBe("fair");
    expect(qualityOf({ rttSeconds: 0.05, packetsReceived: 2000, packetsLost: 550 }, before)).toBe("fair");
    expect(qualityOf({ rttSeconds: 0.05, packetsReceived: 2000, packetsLost: 700 }, before)).toBe("poor");
    expect(qualityOf({ rttSeconds: 0.9, packetsReceived: 10, packetsLost: 0 }, null)).toBe("poor");
  });
});
