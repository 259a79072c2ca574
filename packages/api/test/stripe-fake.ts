import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A card the fake declines when charged this amount. */
export const DECLINED_AMOUNT_CENTS = 40_002;

export interface StripeFake {
  apiBase: string;
  /** Every call, method and path, in order. */
  calls: { method: string; path: string; body: URLSearchParams }[];
  /** A payment method the fake knows, as Stripe would after the Payment Element confirms a SetupIntent. */
  addPaymentMethod(card?: { brand?: string; last4?: string; exp_month?: number; exp_year?: number }): string;
  stop(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

/**
 * The few Stripe endpoints the app calls, answered the way Stripe's API answers them, so the official SDK
 * runs unchanged against it: customers, SetupIntents, payment methods (retrieve, detach), PaymentIntents.
 */
export async function startStripeFake(): Promise<StripeFake> {
  const calls: StripeFake["calls"] = [];
  const methods = new Map<string, object>();
  const send = (res: import("node:http").ServerResponse, status: number, body: object) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      const body = new URLSearchParams(raw);
      calls.push({ method: req.method ?? "", path, body });
      if (req.method === "POST" && path === "/v1/customers")
        return send(res, 200, { id: id("cus"), object: "customer", email: body.get("email") });
      if (req.method === "POST" && path === "/v1/setup_intents") {
        const intent = id("seti");
        return send(res, 200, {
          id: intent,
          object: "setup_intent",
          customer: body.get("customer"),
          client_secret: `${intent}_secret_${randomBytes(6).toString("hex")}`,
          status: "requires_payment_method",
        });
      }
      const method = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path);
      if (method) {
        const found = methods.get(method[1] ?? "");
        if (!found)
          return send(res, 404, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: "No such PaymentMethod",
            },
          });
        if (method[2]) methods.delete(method[1] ?? "");
        return send(res, 200, found);
      }
      if (req.method === "POST" && path === "/v1/payment_intents") {
        if (Number(body.get("amount")) === DECLINED_AMOUNT_CENTS)
          return send(res, 402, {
            error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
          });
        return send(res, 200, {
          id: id("pi"),
          object: "payment_intent",
          amount: Number(body.get("amount")),
          currency: body.get("currency"),
          customer: body.get("customer"),
          payment_method: body.get("payment_method"),
          status: "succeeded",
        });
      }
      send(res, 404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    calls,
    addPaymentMethod(card = {}) {
      const pm = id("pm");
      methods.set(pm, {
        id: pm,
        object: "payment_method",
        type: "card",
        card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030, ...card },
      });
      return pm;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
