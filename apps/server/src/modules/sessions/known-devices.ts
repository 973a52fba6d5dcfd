import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type AppConfig, KNOWN_DEVICE_DAYS } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { knownDevices, users } from "../../db/schema/index.ts";
import { hashSecret } from "./service.ts";

const MAX_TOKEN_LENGTH = 100;

/** Outside development Secure and __Host- prefixed, like the session cookie. */
const deviceCookieName = (env: AppConfig["env"]) => (env === "development" ? "precis_device" : "__Host-precis_device");

const presentedToken = (request: FastifyRequest, env: AppConfig["env"]) => {
  const token = request.cookies[deviceCookieName(env)];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
};

/**
 * The hash of the request's device cookie when that browser has signed in to the account of `email` before;
 * null otherwise. Such a browser is its owner's: its attempts are limited apart from everyone else's.
 */
export async function findKnownDevice(db: AppDatabase, env: AppConfig["env"], request: FastifyRequest, email: string) {
  const token = presentedToken(request, env);
  if (!token) return null;
  const tokenHash = hashSecret(token);
  const [known] = await db
    .select({ tokenHash: knownDevices.tokenHash })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(eq(knownDevices.tokenHash, tokenHash), eq(users.email, email)))
    .limit(1);
  return known ? tokenHash : null;
}

/**
 * The hash of this browser's device cookie, set now when it has none: what an emailed code's asker is known by
 * (rate-limit/code-budget.ts, issue 53), so that the browser that asked for a code keeps its tries at it on any
 * network, and nobody else's guesses spend them. The cookie names a browser, not an account: it becomes a known
 * device only by a sign-in (rememberDevice, which gives it a new value if the account did not know it).
 */
export function browserOf(request: FastifyRequest, reply: FastifyReply, config: Pick<AppConfig, "env">) {
  const token = presentedToken(request, config.env);
  if (token) return hashSecret(token);
  const fresh = randomBytes(32).toString("base64url");
  setDeviceCookie(reply, config, fresh);
  return hashSecret(fresh);
}

/** The hash of this browser's device cookie, or null when it sent none. */
export function presentedBrowserOf(request: FastifyRequest, env: AppConfig["env"]) {
  const token = presentedToken(request, env);
  return token ? hashSecret(token) : null;
}

const setDeviceCookie = (reply: FastifyReply, config: Pick<AppConfig, "env">, token: string) =>
  reply.setCookie(deviceCookieName(config.env), token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.env !== "development",
    maxAge: KNOWN_DEVICE_DAYS * 86_400,
  });

/**
 * After a successful sign-in: this browser becomes (or stays) known to the account, with a new cookie when it
 * had none for it. A cookie is never shared between accounts: one known to another account is replaced.
 */
export async function rememberDevice(
  db: AppDatabase,
  config: Pick<AppConfig, "env">,
  reply: FastifyReply,
  userId: number,
  now: Date,
) {
  const token = presentedToken(reply.request, config.env);
  if (token) {
    const renewed = await db
      .update(knownDevices)
      .set({ lastSignInAt: now })
      .where(and(eq(knownDevices.tokenHash, hashSecret(token)), eq(knownDevices.userId, userId)))
      .returning({ tokenHash: knownDevices.tokenHash });
    if (renewed.length > 0) return;
  }
  const fresh = randomBytes(32).toString("base64url");
  await db.insert(knownDevices).values({ tokenHash: hashSecret(fresh), userId, createdAt: now, lastSignInAt: now });
  setDeviceCookie(reply, config, fresh);
}
