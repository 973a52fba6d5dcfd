import { subscriptionOperations } from "@precis/contract/subscription";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendApiError } from "../../lib/api-error.ts";
import { sendFailureResponse } from "../../lib/operations/failures.ts";
import { operationRoutes } from "../sessions/operation-routes.ts";
import { SESSION_NEEDED } from "../sessions/plugin.ts";
import { keepSessionAlive } from "../sessions/service.ts";
import { billingFailures, matterMismatchFailure } from "./responses.ts";
import { findCustomerId, getPricingSession, readSessionEntitlement, recordMemoUsage } from "./service.ts";
import { createStripeClient, stripeWebhooks } from "./stripe-client.ts";
import { applyStripeEvent } from "./stripe-events.ts";

/** Stripe's own limit is five minutes; an older signature is a replay, and one dated further ahead is forged. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { route, signedInRoute } = operationRoutes(app, "subscription");
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
    const { route: webhookRoute } = operationRoutes(webhookScope, "subscription");
    webhookRoute(
      subscriptionOperations.receiveStripeEvent,
      "Stripe events (signed with STRIPE_WEBHOOK_SECRET)",
      async (request, reply) => {
        const secret = config.stripe.webhookSecret;
        if (!secret) return sendApiError(reply, 503, "Payments are not configured on this server.");
        const signature = request.headers["stripe-signature"];
        if (!Buffer.isBuffer(request.body) || typeof signature !== "string") {
          return sendApiError(reply, 400, "A signed Stripe event is required.");
        }
        // Stripe's library refuses only signatures older than the tolerance; one dated ahead of our clock by
        // more is refused here, so a captured signature cannot be made to live longer by its timestamp.
        const signedAtSeconds = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1] ?? Number.NaN);
        if (!(signedAtSeconds * 1000 <= app.clock().getTime() + SIGNATURE_TOLERANCE_SECONDS * 1000)) {
          return sendApiError(reply, 400, "The Stripe signature is invalid or too old.");
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
          return sendApiError(reply, 400, "The Stripe signature is invalid or too old.");
        }
        const outcome = await applyStripeEvent(app.database.db, config, event, app.clock());
        if (outcome !== "applied" && outcome !== "duplicate") {
          request.log.warn({ eventId: event.id, type: event.type, outcome }, "Stripe event not applied");
        }
        return { received: true as const, outcome };
      },
      // Stripe cannot send X-Requested-With; its signature is the only way in.
      { allowCrossSite: true },
    );
  });

  signedInRoute(
    subscriptionOperations.createPricingSession,
    "The caller's plan, if any, and what the pricing table needs",
    async (_request, reply, session) => {
      reply.header("cache-control", "no-store");
      return getPricingSession(app.database.db, session.userId);
    },
  );

  signedInRoute(
    subscriptionOperations.openBillingPortal,
    "A Stripe customer-portal session where the caller changes or cancels the plan",
    async (_request, reply, session) => {
      const customerId = await findCustomerId(app.database.db, session.userId);
      if (!customerId) return sendApiError(reply, 409, "There is no billing account for this user yet.");
      if (!stripe) {
        if (config.stripe.portalUrl) return { url: new URL(config.stripe.portalUrl, config.publicUrl).toString() };
        return sendApiError(reply, 503, "Payments are not configured on this server.");
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
    "What the caller may use now: trial, student, subscription, none, or policy (a firm rule to meet first), and memo usage",
    async (request, reply) => {
      const found = await readCallerEntitlement(request);
      if (!found) return sendApiError(reply, 401, SESSION_NEEDED);
      reply.header("cache-control", "no-store");
      return found.entitlement;
    },
    { readsSessionItself: true },
  );

  route(
    subscriptionOperations.reportMemoUsage,
    "Count one memo generation, under a client-matter code for a firm member (400 when the firm requires one, or the code breaks its mask); refused with 403 until the email is verified or while a firm policy is unmet, and with 402 once the access has ended or the plan's monthly cap is reached",
    async (request, reply) => {
      const found = await readCallerEntitlement(request);
      if (!found) return sendApiError(reply, 401, SESSION_NEEDED);
      const result = await recordMemoUsage(app.database.db, found.userId, found.entitlement, found.now, {
        firm: found.firm,
        matter: request.body?.matter,
      });
      if (result.outcome === "recorded") return result.entitlement;
      if (result.outcome === "matterMismatch") return sendFailureResponse(reply, matterMismatchFailure(result.mask));
      return sendFailureResponse(reply, billingFailures.memoUsage[result.outcome]);
    },
    { readsSessionItself: true },
  );
};
