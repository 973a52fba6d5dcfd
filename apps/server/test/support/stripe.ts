import { createServer as createHttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import type { TestServer } from "../harness.ts";
import type { TestClock } from "./test-server.ts";

/** A request Stripe's stand-in received, its form body read. */
export interface StripeRequest {
  method: string;
  path: string;
  form: URLSearchParams;
  authorization: string | undefined;
}

/**
 * A local stand-in for Stripe's API, on loopback for the whole test file (started in `beforeAll`, closed in
 * `afterAll`): it remembers every request, opens customer-portal sessions, and answers what `answer` takes
 * (true once it has answered); anything else is a 404, as Stripe's answer to an unknown path.
 */
export function useStripeStandIn(answer: (request: StripeRequest, response: ServerResponse) => boolean = () => false) {
  const requests: StripeRequest[] = [];
  let url = "";
  const standIn = createHttpServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const received: StripeRequest = {
        method: request.method ?? "",
        path: request.url ?? "",
        form: new URLSearchParams(body),
        authorization: request.headers.authorization,
      };
      requests.push(received);
      response.setHeader("content-type", "application/json");
      if (received.method === "POST" && received.path === "/v1/billing_portal/sessions") {
        const customer = received.form.get("customer");
        response.end(
          JSON.stringify({
            id: "bps_1",
            object: "billing_portal.session",
            customer,
            url: `https://billing.stripe.test/p/${customer}`,
          }),
        );
        return;
      }
      if (answer(received, response)) return;
      response.statusCode = 404;
      response.end(
        JSON.stringify({ error: { type: "invalid_request_error", code: "resource_missing", message: "?" } }),
      );
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => standIn.close(resolve)));
  return {
    /** Every request received, oldest first. */
    requests,
    /** Where it listens (`STRIPE_API_URL`), once the file's `beforeAll` has run. */
    get url() {
      return url;
    },
    /** The server's settings to call it, with a test secret key, and to check webhooks signed with `webhookSecret`. */
    env: (webhookSecret: string) => ({
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_SECRET_KEY: "sk_test_local",
      STRIPE_API_URL: url,
    }),
  };
}

/**
 * Stripe events as its webhook sends them, each with an id of its own (`idPrefix` and a count) and created on
 * the test's clock, `createdOffsetSeconds` from now.
 */
export function createStripeEvents(time: TestClock, idPrefix: string) {
  let eventCounter = 0;
  return (type: string, object: Record<string, unknown>, createdOffsetSeconds = 0) => {
    eventCounter += 1;
    return {
      id: `${idPrefix}_${eventCounter}`,
      object: "event",
      api_version: "2025-10-29.clover",
      created: Math.floor(time.clock().getTime() / 1000) + createdOffsetSeconds,
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
  };
}

/** A Stripe subscription with one item, its period ending `periodEndDays` from the test's clock. */
export function stripeSubscription(
  time: TestClock,
  {
    id,
    customer,
    status,
    metadata,
    item,
    periodEndDays = 30,
  }: {
    id: string;
    customer: string;
    status: string;
    metadata: Record<string, string>;
    /** The item's price and, for seats, its quantity. */
    item: { quantity?: number; price: { id: string; nickname: string } };
    periodEndDays?: number;
  },
) {
  return {
    id,
    object: "subscription",
    customer,
    status,
    cancel_at_period_end: false,
    metadata,
    items: {
      object: "list",
      data: [
        {
          id: `si_${id}`,
          ...(item.quantity === undefined ? {} : { quantity: item.quantity }),
          current_period_end: Math.floor(time.clock().getTime() / 1000) + periodEndDays * 86_400,
          price: { ...item.price, recurring: { interval: "month" } },
        },
      ],
    },
  };
}

/**
 * Posts an event to the webhook as Stripe does, signed with `secret` at the test's clock unless the test gives
 * its own timestamp or signature header.
 */
export function deliverStripeEvent(
  server: TestServer,
  time: TestClock,
  event: object,
  { secret, timestamp, signature }: { secret: string; timestamp?: number; signature?: string },
) {
  const payload = JSON.stringify(event);
  const header =
    signature ??
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: timestamp ?? Math.floor(time.clock().getTime() / 1000),
    });
  return server.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header },
    payload,
  });
}
