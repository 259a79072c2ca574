/** What one getStats() read says about a connection: round trip, and inbound packets so far. */
export interface StatsSample {
  rttSeconds: number | null;
  packetsReceived: number;
  packetsLost: number;
}

/** The nominated candidate pair's round trip and every inbound RTP stream's packet counts. */
export function sampleOf(report: RTCStatsReport): StatsSample {
  let rttSeconds: number | null = null;
  let packetsReceived = 0;
  let packetsLost = 0;
  report.forEach((s: Record<string, unknown>) => {
    if (s.type === "candidate-pair" && s.nominated && typeof s.currentRoundTripTime === "number")
      rttSeconds = s.currentRoundTripTime;
    if (s.type === "inbound-rtp") {
      packetsReceived += typeof s.packetsReceived === "number" ? s.packetsReceived : 0;
      packetsLost += typeof s.packetsLost === "number" ? s.packetsLost : 0;
    }
  });
  return { rttSeconds, packetsReceived, packetsLost };
}

/**
 * Good, fair or poor, from the round trip and the share of packets lost since the previous read: a call stays
 * comfortable under about 300 ms and 3 % loss, and breaks up beyond 600 ms or 10 %.
 */
export function qualityOf(now: StatsSample, before: StatsSample | null): "good" | "fair" | "poor" {
  const received = now.packetsReceived - (before?.packetsReceived ?? 0);
  const lost = Math.max(0, now.packetsLost - (before?.packetsLost ?? 0));
  const loss = received + lost > 0 ? lost / (received + lost) : 0;
  const rttMs = (now.rttSeconds ?? 0) * 1000;
  if (rttMs > 600 || loss > 0.1) return "poor";
  if (rttMs > 300 || loss > 0.03) return "fair";
  return "good";
}
