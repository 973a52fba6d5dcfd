import { subscriptionOperations } from "@precis/contract/subscription";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { apiFailure } from "../../lib/operations/failures.ts";
import { operationRoutes } from "../../lib/operations/routes.ts";
import { sessionEnded } from "../sessions/plugin.ts";
import { keepSessionAlive } from "../sessions/service.ts";
import { billingFailures } from "./responses.ts";
import { findCustomerId, getPricingSession, readSessionEntitlement, recordMemoUsage } from "./service.ts";
import { createStripeClient, stripeWebhooks } from "./stripe-client.ts";
import { applyStripeEvent } from "./stripe-events.ts";

/** Stripe's own limit is five minutes; an older signature is a replay, and one dated further ahead is forged. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const paymentsNotConfigured = apiFailure(503, "Payments are not configured on this server.");
const webhookFailures = {
  paymentsNotConfigured,
  unsigned: apiFailure(400, "A signed Stripe event is required."),
  badSignature: apiFailure(400, "The Stripe signature is invalid or too old."),
};

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = operationRoutes(app, "subscription");
  const { config } = app;

  /** The caller's session and entitlement, in one statement (issue 29); null without a live session. */
  async function readCallerEntitlement(request: FastifyRequest) {
    if (!request.sessionSecrets) return null;
    const now = app.clock();
    const found = await readSessionEntitlement(app.database.db, config, request.sessionSecrets, now);
    if (!found) return null;
    const { userId } = await keepSessionAlive(app.database.db, found.session, now, config.session);
    return { userId, entitlement: found.entitlement, firm: found.firm, now };
  }
  const stripe = createStripeClient(config);

  // The webhook lives in its own scope: only there is a JSON body kept raw, as the signature needs.
  await app.register(async (webhookScope) => {
    webhookScope.removeContentTypeParser("application/json");
    webhookScope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    operationRoutes(webhookScope, "subscription")(
      subscriptionOperations.receiveStripeEvent,
      {
        summary: "Stripe events (signed with STRIPE_WEBHOOK_SECRET)",
        access: "anyone",
        failures: webhookFailures,
        // Stripe cannot send X-Requested-With; its signature is the only way in.
        config: { allowCrossSite: true },
      },
      async (request, _reply, { fail }) => {
        const secret = config.stripe.webhookSecret;
        if (!secret) return fail("paymentsNotConfigured");
        const signature = request.headers["stripe-signature"];
        if (!Buffer.isBuffer(request.body) || typeof signature !== "string") return fail("unsigned");
        // Stripe's library refuses only signatures older than the tolerance; one dated ahead of our clock by
        // more is refused here, so a captured signature cannot be made to live longer by its timestamp.
        const signedAtSeconds = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1] ?? Number.NaN);
        if (!(signedAtSeconds * 1000 <= app.clock().getTime() + SIGNATURE_TOLERANCE_SECONDS * 1000)) {
          return fail("badSignature");
        }
        let event: ReturnType<typeof stripeWebhooks.constructEvent>;
        try {
          event = stripeWebhooks.constructEvent(
            request.body,
            signature,
            secret,
            SIGNATURE_TOLERANCE_SECONDS,
            undefined,
            // Milliseconds: the signature's age is measured against our clock.
            app.clock().getTime(),
          );
        } catch {
          return fail("badSignature");
        }
        const outcome = await applyStripeEvent(app.database.db, config, event, app.clock());
        if (outcome !== "applied" && outcome !== "duplicate") {
          request.log.warn({ eventId: event.id, type: event.type, outcome }, "Stripe event not applied");
        }
        return { received: true as const, outcome };
      },
    );
  });

  route(
    subscriptionOperations.createPricingSession,
    {
      summary: "The caller's plan, if any, and what the pricing table needs",
      access: "signedIn",
      cache: "no-store",
    },
    async (_request, _reply, { session }) => getPricingSession(app.database.db, session.userId),
  );

  route(
    subscriptionOperations.openBillingPortal,
    {
      summary: "A Stripe customer-portal session where the caller changes or cancels the plan",
      access: "signedIn",
      failures: {
        noBillingAccount: apiFailure(409, "There is no billing account for this user yet."),
        paymentsNotConfigured,
      },
    },
    async (_request, _reply, { session, fail }) => {
      const customerId = await findCustomerId(app.database.db, session.userId);
      if (!customerId) return fail("noBillingAccount");
      if (!stripe) {
        if (config.stripe.portalUrl) return { url: new URL(config.stripe.portalUrl, config.publicUrl).toString() };
        return fail("paymentsNotConfigured");
      }
      const portal = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: `${config.publicUrl}/subscription`,
      });
      return { url: portal.url };
    },
  );

  route(
    subscriptionOperations.getEntitlement,
    {
      summary:
        "What the caller may use now: trial, student, subscription, none, or policy (a firm rule to meet first), and memo usage",
      access: "signedIn",
      cache: "no-store",
      failures: { sessionEnded },
      config: { readsSessionItself: true },
    },
    async (request, _reply, { fail }) => {
      const found = await readCallerEntitlement(request);
      if (!found) return fail("sessionEnded");
      return found.entitlement;
    },
  );

  route(
    subscriptionOperations.reportMemoUsage,
    {
      summary:
        "Count one memo generation, under a client-matter code for a firm member (400 when the firm requires one, or the code breaks its mask); refused with 403 until the email is verified or while a firm policy is unmet, and with 402 once the access has ended or the plan's monthly cap is reached",
      access: "signedIn",
      failures: { sessionEnded, ...billingFailures.memoUsage },
      config: { readsSessionItself: true },
    },
    async (request, _reply, { fail }) => {
      const found = await readCallerEntitlement(request);
      if (!found) return fail("sessionEnded");
      const result = await recordMemoUsage(app.database.db, found.userId, found.entitlement, found.now, {
        firm: found.firm,
        matter: request.body?.matter,
      });
      if (result.outcome === "recorded") return result.entitlement;
      return fail(result.outcome, result);
    },
  );
};
