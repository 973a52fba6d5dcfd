import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import pino from "pino";
import { z } from "zod/mini";
import type { AppConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { describeDatabaseError } from "./lib/database-errors.ts";
import { createTxtLookup, type TxtLookupFunction } from "./lib/txt-records.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { type AccessReminderJob, createAccessReminderJob } from "./modules/billing/access-reminders.ts";
import { billingRoutes } from "./modules/billing/routes.ts";
import { createStripeClient } from "./modules/billing/stripe-client.ts";
import { clientConfigRoutes } from "./modules/client-config/routes.ts";
import { docsRoutes } from "./modules/docs/routes.ts";
import { enterpriseConnectionRoutes } from "./modules/enterprise-sign-in/connection-routes.ts";
import { extensionRoutes } from "./modules/extension/routes.ts";
import { createDomainProofJob, type DomainProofJob } from "./modules/firms/domain-proof-job.ts";
import { leaveLinkRoutes } from "./modules/firms/leave-link-routes.ts";
import { firmRoutes } from "./modules/firms/routes.ts";
import { createReadiness, type Readiness } from "./modules/health/readiness.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { createMailTransport, createMailWorker, type MailTransport, type MailWorker } from "./modules/mail/outbox.ts";
import { memoSettingsRoutes } from "./modules/memo-settings/routes.ts";
import { createMetrics, type Metrics } from "./modules/metrics/metrics.ts";
import { metricsRoutes, registerRequestMetrics } from "./modules/metrics/routes.ts";
import { mfaRoutes } from "./modules/mfa/routes.ts";
import { type AccountDeletionJob, createAccountDeletionJob } from "./modules/privacy/deletion.ts";
import { privacyRoutes } from "./modules/privacy/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { createRetentionJob, type RetentionJob } from "./modules/retention/job.ts";
import { registerSessions } from "./modules/sessions/plugin.ts";
import { sessionRoutes } from "./modules/sessions/routes.ts";
import { ssoRoutes } from "./modules/sso/routes.ts";
import { verificationRoutes } from "./modules/verification/routes.ts";
import { declareCommonResponses } from "./plugins/common-responses.ts";
import { registerCrossSiteGuard } from "./plugins/cross-site-guard.ts";
import { registerErrorHandler, registerNotFoundHandler } from "./plugins/errors.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerRoutePolicy } from "./plugins/route-policy.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { registerWebApp } from "./plugins/web-app.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    clock: Clock;
    mailWorker: MailWorker;
    accessReminders: AccessReminderJob;
    retention: RetentionJob;
    accountDeletion: AccountDeletionJob;
    /** The DNS lookups of the firms' domain proofs (decision 038), at DNS_RESOLVERS or the system's servers. */
    txtLookup: TxtLookupFunction;
    domainProofs: DomainProofJob;
    readiness: Readiness;
    /** Null unless METRICS_TOKEN is set: nothing is counted that nobody may read. */
    metrics: Metrics | null;
  }
}

/** Starts a background worker or job once the server listens, and stops it when the server closes. */
function runWhileListening(app: FastifyInstance, worker: { start(): void; stop(): void | Promise<void> }) {
  app.addHook("onListen", async () => worker.start());
  app.addHook("onClose", async () => worker.stop());
}

export interface ServerDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  /** Where logs go; tests pass a stream they can read. */
  logger?: FastifyServerOptions["logger"];
  /** Tests move time with their own clock. */
  clock?: Clock;
  /** Tests pass a transport that records or fails. */
  mailTransport?: MailTransport;
}

/** Log a caller's request id only when it is short and plain, so it cannot forge log lines. */
const REQUEST_ID_PATTERN = /^[\w.-]{8,64}$/;

/** Anything that could let someone act as a user is never written to the log. */
export const REDACTED_LOG_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-access-key"]',
  'res.headers["set-cookie"]',
  'res.headers["x-access-key"]',
];

/**
 * How a request appears in the log: without its query string, where a careless caller may have put a
 * key or a code (nothing of ours sends secrets there, but the log must not keep them if someone does).
 */
export const LOG_SERIALIZERS = {
  req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
    method: request.method,
    url: request.url.split("?")[0],
    host: request.host,
    remoteAddress: request.ip,
  }),
  /** A database error keeps its SQLSTATE and constraint, never its message or parameters; others as pino has them. */
  err: (error: unknown) => describeDatabaseError(error) ?? pino.stdSerializers.err(error as Error),
};

export async function createServer({
  config,
  database,
  logger,
  clock = systemClock,
  mailTransport,
}: ServerDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      serializers: LOG_SERIALIZERS,
      ...(typeof logger === "object" ? logger : { level: config.logLevel }),
      redact: { paths: REDACTED_LOG_PATHS, censor: "[redacted]" },
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Ours, always: a caller's X-Request-Id is logged beside it (callerRequestId), never taken for it, so
    // nobody can make two requests share an id in the audit log.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    childLoggerFactory: (logger, bindings, options, rawRequest) => {
      const offered = rawRequest.headers["x-request-id"];
      const callerRequestId = typeof offered === "string" && REQUEST_ID_PATTERN.test(offered) ? offered : undefined;
      return logger.child(callerRequestId ? { ...bindings, callerRequestId } : bindings, options);
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A client that never finishes its request must not hold a socket for ever.
    requestTimeout: 30_000,
  });
  // The contract's schemas are zod/mini, which ships no messages of its own: a 400 names each field's
  // problem in English ("Too big: expected string to have <=254 characters"), as the API has always said.
  z.config(z.locales.en());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Plain-text bodies are how a cross-site form smuggles JSON; the API takes application/json only.
  app.removeContentTypeParser("text/plain");

  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("clock", clock);
  const mailWorker = createMailWorker({
    db: database.db,
    transport:
      mailTransport ?? createMailTransport({ smtpUrl: config.mail.smtpUrl, dataDir: config.dataDir, log: app.log }),
    from: config.mail.from,
    clock,
    log: app.log,
    onOutcome: (outcome) => app.metrics?.recordEmailOutcome(outcome),
  });
  app.decorate("mailWorker", mailWorker);
  // Only a listening server sends mail in the background; inject()-driven tests call runOnce().
  runWhileListening(app, mailWorker);
  const accessReminders = createAccessReminderJob({
    db: database.db,
    config,
    clock,
    log: app.log,
    onQueued: () => mailWorker.nudge(),
  });
  app.decorate("accessReminders", accessReminders);
  runWhileListening(app, accessReminders);
  const retention = createRetentionJob({ db: database.db, config, clock, log: app.log });
  app.decorate("retention", retention);
  runWhileListening(app, retention);
  const accountDeletion = createAccountDeletionJob({
    db: database.db,
    config,
    stripe: createStripeClient(config),
    clock,
    log: app.log,
  });
  app.decorate("accountDeletion", accountDeletion);
  runWhileListening(app, accountDeletion);
  const txtRecords = createTxtLookup(config.dns.resolvers);
  app.decorate("txtLookup", txtRecords.lookup);
  app.addHook("onClose", async () => txtRecords.close());
  const domainProofs = createDomainProofJob({
    db: database.db,
    config,
    lookup: txtRecords.lookup,
    clock,
    log: app.log,
    onQueued: () => mailWorker.nudge(),
  });
  app.decorate("domainProofs", domainProofs);
  runWhileListening(app, domainProofs);
  app.decorate("readiness", createReadiness());
  const metrics = config.metrics.token
    ? createMetrics({
        database,
        jobs: {
          access_reminders: accessReminders,
          retention,
          account_deletion: accountDeletion,
          domain_proofs: domainProofs,
        },
        log: app.log,
      })
    : null;
  app.decorate("metrics", metrics);
  if (metrics) {
    // Before every route, so its hook reaches them all.
    registerRequestMetrics(app, metrics);
    app.addHook("onClose", async () => metrics.stop());
  }
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await registerCrossSiteGuard(app, config);
  await registerSessions(app);
  registerRoutePolicy(app);
  declareCommonResponses(app);
  await registerOpenApi(app, config);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(clientConfigRoutes);
  await app.register(docsRoutes);
  await app.register(profileRoutes);
  await app.register(authRoutes);
  await app.register(memoSettingsRoutes);
  await app.register(billingRoutes);
  await app.register(ssoRoutes);
  await app.register(verificationRoutes);
  await app.register(sessionRoutes);
  await app.register(privacyRoutes);
  await app.register(mfaRoutes);
  await app.register(extensionRoutes);
  await app.register(firmRoutes);
  await app.register(leaveLinkRoutes);
  await app.register(enterpriseConnectionRoutes);

  const serveWebApp = await registerWebApp(app, config);
  registerNotFoundHandler(app, serveWebApp);
  return app;
}
