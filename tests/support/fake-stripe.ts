/**
 * A local stand-in for the parts of Stripe's API the payments adapter uses (create, retrieve and
 * expire a Checkout Session, with Stripe's rule that only an open session can be expired or paid), and webhook events signed the way Stripe signs them: header
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint secret>`.
 * No test reaches the internet: point the adapter at `base` (STRIPE_API_URL / apiUrl).
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  mode: string;
  currency: string | null;
  amount_total: number;
}

/** A form body as Stripe's client encodes it (`line_items[0][price_data][unit_amount]=4000`), flat. */
export type FormFields = Record<string, string>;

export interface FakeStripe {
  base: string;
  sessions: Map<string, FakeSession>;
  /** Each create request's form fields, in order. */
  created: FormFields[];
  /** Makes the next create answer 500 (a provider outage). */
  failNextCreate(): void;
  /** The buyer paid: the session is complete and paid, with a payment intent (throws unless the session is open, as Stripe's page refuses). */
  pay(sessionId: string): FakeSession;
  /** Each expire request's session id, in order. */
  expireRequests: string[];
  /** Makes the next expire request answer 500 (a provider outage). */
  failNextExpire(): void;
  /** A Stripe event around an object, as JSON text (what Stripe posts). */
  event(type: string, object: unknown, id?: string): string;
  close(): Promise<void>;
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${(++sequence).toString(36)}${crypto.randomBytes(4).toString("hex")}`;

/** The Stripe-Signature header for a payload, as Stripe computes it. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = crypto.createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

function stripeError(res: http.ServerResponse, status: number, message: string) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ error: { type: "invalid_request_error", message } }));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const created: FormFields[] = [];
  let failNext = false;
  let failExpire = false;
  const expireRequests: string[] = [];
  let base = "";
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (!req.headers.authorization?.startsWith("Bearer sk_test_")) return stripeError(res, 401, "Invalid API Key provided");
      const url = new URL(req.url ?? "/", base);
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        if (failNext) {
          failNext = false;
          return stripeError(res, 500, "Something went wrong");
        }
        const fields: FormFields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
        created.push(fields);
        const id = nextId("cs");
        const quantity = Number(fields["line_items[0][quantity]"] ?? 1);
        const unit = Number(fields["line_items[0][price_data][unit_amount]"] ?? 0);
        const metadata: Record<string, string> = {};
        for (const [key, value] of Object.entries(fields)) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match) metadata[match[1]!] = value;
        }
        const session: FakeSession = {
          id,
          object: "checkout.session",
          url: `${base}/pay/${id}`,
          status: "open",
          payment_status: "unpaid",
          payment_intent: null,
          client_reference_id: fields.client_reference_id ?? null,
          metadata,
          customer_email: fields.customer_email ?? null,
          success_url: fields.success_url ?? "",
          cancel_url: fields.cancel_url ?? "",
          mode: fields.mode ?? "payment",
          currency: fields["line_items[0][price_data][currency]"] ?? null,
          amount_total: quantity * unit,
        };
        sessions.set(id, session);
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(JSON.stringify(session));
      }
      const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(url.pathname);
      if (req.method === "POST" && expire) {
        expireRequests.push(expire[1]!);
        if (failExpire) {
          failExpire = false;
          return stripeError(res, 500, "Something went wrong");
        }
        const session = sessions.get(expire[1]!);
        if (!session) return stripeError(res, 404, `No such checkout.session: '${expire[1]}'`);
        if (session.status !== "open") {
          return stripeError(res, 400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
        }
        session.status = "expired";
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(JSON.stringify(session));
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && retrieve) {
        const session = sessions.get(retrieve[1]!);
        if (!session) return stripeError(res, 404, `No such checkout.session: '${retrieve[1]}'`);
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(JSON.stringify(session));
      }
      stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    sessions,
    created,
    failNextCreate: () => {
      failNext = true;
    },
    expireRequests,
    failNextExpire: () => {
      failExpire = true;
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      if (session.status !== "open") throw new Error(`Session ${sessionId} is ${session.status}: it cannot be paid`);
      Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: session.payment_intent ?? nextId("pi") });
      return session;
    },
    event(type, object, id = nextId("evt")) {
      return JSON.stringify({
        id,
        object: "event",
        api_version: "2025-01-27.acacia",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object },
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
