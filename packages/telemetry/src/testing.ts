import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { startTelemetry, type TelemetryOptions } from "./index";

/** An attribute as OTLP/JSON writes it. */
type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
};
type KeyValue = { key: string; value: AnyValue };
type Attributes = Record<string, string | number | boolean | undefined>;

export interface ReceivedSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Attributes;
  status: { code?: number };
  resource: Attributes;
}

export interface ReceivedPoint {
  metric: string;
  attributes: Attributes;
  /** Histograms: how many measurements and their sum. */
  count?: number;
  sum?: number;
  /** Gauges and sums. */
  value?: number;
  resource: Attributes;
}

const plain = (v: AnyValue) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.doubleValue ?? v.boolValue));
const attributesOf = (list: KeyValue[] | undefined): Attributes =>
  Object.fromEntries((list ?? []).map((a) => [a.key, plain(a.value)]));

// biome-ignore lint/suspicious/noExplicitAny: OTLP/JSON is read loosely, only the fields the tests look at.
type Json = any;

function spansOf(body: Json): ReceivedSpan[] {
  return (body.resourceSpans ?? []).flatMap((rs: Json) =>
    (rs.scopeSpans ?? []).flatMap((ss: Json) =>
      (ss.spans ?? []).map((s: Json) => ({
        name: s.name,
        kind: s.kind,
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId || undefined,
        attributes: attributesOf(s.attributes),
        status: s.status ?? {},
        resource: attributesOf(rs.resource?.attributes),
      })),
    ),
  );
}

function pointsOf(body: Json): ReceivedPoint[] {
  return (body.resourceMetrics ?? []).flatMap((rm: Json) =>
    (rm.scopeMetrics ?? []).flatMap((sm: Json) =>
      (sm.metrics ?? []).flatMap((m: Json) => {
        const data = m.histogram ?? m.gauge ?? m.sum ?? { dataPoints: [] };
        return data.dataPoints.map((p: Json) => ({
          metric: m.name,
          attributes: attributesOf(p.attributes),
          count: p.count === undefined ? undefined : Number(p.count),
          sum: p.sum,
          value: p.asDouble ?? (p.asInt === undefined ? undefined : Number(p.asInt)),
          resource: attributesOf(rm.resource?.attributes),
        }));
      }),
    ),
  );
}

export interface OtlpRequest {
  path: string;
  contentType: string;
  body: Buffer;
}

/**
 * A stand-in OpenTelemetry collector for tests: an OTLP/HTTP endpoint on loopback that keeps every export.
 * Point OTEL_EXPORTER_OTLP_ENDPOINT at `url`; with OTEL_EXPORTER_OTLP_PROTOCOL=http/json the exports are read
 * back as spans and metric points.
 */
export async function startOtlpReceiver() {
  const requests: OtlpRequest[] = [];
  const waiters = new Set<() => void>();
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks)));
      req.on("error", reject);
    });
  const server = createServer(async (req, res) => {
    const body = await read(req);
    requests.push({ path: req.url ?? "", contentType: String(req.headers["content-type"]), body });
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const json = (path: string) =>
    requests
      .filter((r) => r.path === path && r.contentType.includes("json"))
      .map((r) => JSON.parse(String(r.body)));
  const spans = () => json("/v1/traces").flatMap(spansOf);
  const points = () => json("/v1/metrics").flatMap(pointsOf);

  /** Resolves with what `find` returns once an export contains it (exports arrive every few hundred ms). */
  function waitFor<T>(find: () => T | undefined, timeoutMs = 20_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined) return false;
        waiters.delete(wake);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no such export within ${timeoutMs} ms (${requests.length} received)`));
      }, timeoutMs);
      waiters.add(wake);
      check();
    });
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    spans,
    points,
    waitForSpan: (match: (span: ReceivedSpan) => boolean) => waitFor(() => spans().find(match)),
    waitForPoint: (match: (point: ReceivedPoint) => boolean) => waitFor(() => points().find(match)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OtlpReceiver = Awaited<ReturnType<typeof startOtlpReceiver>>;

/**
 * Telemetry on in this process, exporting to the receiver: OTEL_EXPORTER_OTLP_ENDPOINT as a deployment sets it,
 * plus JSON (to read the exports back) and export intervals short enough for a test.
 */
export function startTelemetryTo(receiver: OtlpReceiver, options: TelemetryOptions) {
  Object.assign(process.env, {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_METRIC_EXPORT_INTERVAL: "300",
    OTEL_BSP_SCHEDULE_DELAY: "50",
  });
  return startTelemetry(process.env, options);
}
