import { ACCESS_KEY_HEADER } from "@precis/contract/api";
import { API_PATH_PREFIX } from "@precis/contract/operations";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../../config.ts";
import type { SessionSignInMethod } from "../../db/schema/index.ts";
import { apiFailure } from "../../lib/operations/failures.ts";
import { rememberDevice } from "./known-devices.ts";
import {
  type ActiveSession,
  findActiveSession,
  openSession,
  revokeSession,
  type SessionSecrets,
  toSessionSecrets,
} from "./service.ts";
import { noticeSignInFromNewDevice } from "./sign-in-notices.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route reads the session in its own statement, joined to its rows (issue 29: one round trip per
     * read): the request carries the secrets (`sessionSecrets`) and `session` stays null.
     */
    readsSessionItself?: boolean;
  }
  interface FastifyRequest {
    /** The session both the cookie and the X-Access-Key header belong to, or null. */
    session: ActiveSession | null;
    /** For a route that reads the session itself: the secrets presented, hashed; null when none were. */
    sessionSecrets: SessionSecrets | null;
  }
  interface FastifyReply {
    /**
     * Opens a new session for the user and hands its cookie and access key to the caller. `provenAt` is when
     * the sign-in's proof was given, when that was before now (a provider's `auth_time`, decision 035);
     * `signInMethod`, how it was given (decision 043).
     */
    startSession(userId: number, signInMethod: SessionSignInMethod, provenAt?: Date): Promise<void>;
    /** Revokes the request's session on the server and clears its cookie. */
    endSession(): Promise<void>;
    /** Whether the request carries a session cookie at all (live or not). */
    hasSessionCookie(): boolean;
  }
}

/**
 * Longer than any secret this server hands out (43 characters): a longer cookie or key is refused
 * before it is hashed or looked up.
 */
const MAX_SECRET_LENGTH = 100;

/** Outside development the cookie is Secure and __Host- prefixed: bound to this exact host, over HTTPS. */
export function getSessionCookieName(env: AppConfig["env"]) {
  return env === "development" ? "precis_session" : "__Host-precis_session";
}

/** Reads the session of every API request and lets routes open one. */
export async function registerSessions(app: FastifyInstance) {
  const { config } = app;
  const isDevelopment = config.env === "development";
  const cookieName = getSessionCookieName(config.env);
  const lifetimes = config.session;

  app.decorateRequest("session", null);
  app.decorateRequest("sessionSecrets", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith(API_PATH_PREFIX)) return;
    // The extension's own session comes as a bearer token (decision 028); a page's, as the cookie.
    const token = readBearerToken(request) ?? request.cookies[cookieName];
    const accessKey = request.headers[ACCESS_KEY_HEADER];
    if (
      !token ||
      typeof accessKey !== "string" ||
      token.length > MAX_SECRET_LENGTH ||
      accessKey.length > MAX_SECRET_LENGTH
    )
      return;
    const secrets = toSessionSecrets(token, accessKey);
    if (request.routeOptions.config.readsSessionItself) request.sessionSecrets = secrets;
    else request.session = await findActiveSession(app.database.db, { secrets, now: app.clock(), lifetimes });
  });

  app.decorateReply(
    "startSession",
    async function startSession(
      this: FastifyReply,
      userId: number,
      signInMethod: SessionSignInMethod,
      provenAt?: Date,
    ) {
      const request = this.request;
      const now = app.clock();
      // A browser and system the account has not used before: its owner is told.
      const isNoticed = await noticeSignInFromNewDevice(app.database.db, config, {
        userId,
        userAgent: request.headers["user-agent"],
        ipAddress: request.ip,
        now,
      });
      if (isNoticed) app.mailWorker.nudge();
      // A browser that has signed in is its owner's from now on (known-devices.ts).
      await rememberDevice(app.database.db, config, this, userId, now);
      const opened = await openSession(app.database.db, {
        userId,
        now,
        lifetimes,
        ipAddress: request.ip,
        userAgent: request.headers["user-agent"],
        // A sign-in sent from a browser extension's own pages (its Origin), as the Precis extension's are.
        isExtension: /^(chrome|moz)-extension:\/\//.test(request.headers.origin ?? ""),
        signInMethod,
        // Never later than now: a proof is as fresh as when it was given, and cannot come from the future.
        ...(provenAt ? { authenticatedAt: new Date(Math.min(provenAt.getTime(), now.getTime())) } : {}),
      });
      this.setCookie(cookieName, opened.token, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: !isDevelopment,
        expires: opened.absoluteExpiresAt,
      });
      this.header(ACCESS_KEY_HEADER, opened.accessKey);
    },
  );

  /** Ends the request's session on the server and clears its cookie; without a live session it does neither. */
  app.decorateReply("endSession", async function endSession(this: FastifyReply) {
    if (!this.request.session) return;
    await revokeSession(app.database.db, this.request.session.id, app.clock());
    // A bearer session has no cookie of its own: the browser's cookie, if any, is the portal's.
    if (readBearerToken(this.request)) return;
    this.clearCookie(cookieName, { path: "/", httpOnly: true, sameSite: "lax", secure: !isDevelopment });
  });

  app.decorateReply("hasSessionCookie", function hasSessionCookie(this: FastifyReply) {
    return Boolean(this.request.cookies[cookieName]);
  });
}

/** The token of `Authorization: Bearer <token>`, as the extension sends its session; null otherwise. */
function readBearerToken(request: FastifyRequest) {
  const authorization = request.headers.authorization;
  if (!authorization?.startsWith("Bearer ")) return null;
  return authorization.slice("Bearer ".length).trim() || null;
}

/** What a caller without a live session is told. */
export const SESSION_NEEDED = "You need to log in again.";

/**
 * The failure of a route whose session the layer saw yet a later read found ended (signed out meanwhile, or a
 * route that reads its session itself and whose secrets found none): the same 401 as having none.
 */
export const sessionEnded = apiFailure(401, SESSION_NEEDED);
