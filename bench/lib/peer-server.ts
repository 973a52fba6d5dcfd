import { createHash } from "node:crypto";
import { ACCESS_KEY_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@precis/contract/api";
import { LEGAL_DOCUMENTS } from "@precis/contract/legal";
import Fastify from "fastify";
import pg from "pg";
import { memoUsageStatements } from "./raw-sql.ts";

/**
 * Issue 41's peer for GET /api/user-details and POST /api/memo-usage: what a hand-written server needs to give the same answer, and no
 * more. Bare Fastify (no plugins, no logging, no schema), node-postgres on a pool as large as the server's, one
 * prepared statement. It does the same work per request as the real route (modules/profile/routes.ts): the
 * session from the bearer token or the cookie plus the access key, both SHA-256 hashed and compared by the
 * database, the profile shaped as product §3 says, `cache-control: no-store`, and the idle expiry slid once an
 * hour. For a memo it is the raw upsert served over HTTP: the write's X-Requested-With check, the session and its
 * user by one prepared statement, the counter's upsert (raw-sql.ts, as the raw probe runs them), and the new
 * count and the trial's access as JSON; it reads no plan, subscription or firm, so it does less than Precis. Run as its own process, so
 * the bench reads its CPU time apart from Precis's.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
const cookieName = "precis_session";
const maxSecretLength = 100;
const idleRefreshMs = 60 * 60 * 1000;
const idleDays = 30;
const trialDays = 30;

const sessionProfile = {
  name: "peer_session_profile",
  text: `select s.id as session_id, s.last_used_at, u.username, u.email, u.first_name, u.last_name, u.organization,
      u.area_of_law, u.topics_of_interest, u.occupation, u.is_internal, u.email_verified_at,
      u.accepted_terms_version, u.accepted_privacy_version, u.deletion_scheduled_for
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = $1 and s.access_key_hash = $2 and s.revoked_at is null
      and s.idle_expires_at > $3 and s.absolute_expires_at > $3`,
};
const slideIdleExpiry = {
  name: "peer_slide_idle_expiry",
  text: `update sessions set last_used_at = $2, idle_expires_at = least($2 + make_interval(days => ${idleDays}), absolute_expires_at)
    where id = $1`,
};

const memoSession = { name: "peer_memo_session", text: memoUsageStatements.session };
const countMemo = { name: "peer_count_memo", text: memoUsageStatements.upsert };

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("base64url");

function readToken(headers: Record<string, string | string[] | undefined>) {
  const { authorization, cookie } = headers;
  if (typeof authorization === "string" && authorization.startsWith("Bearer ")) {
    return authorization.slice("Bearer ".length).trim() || undefined;
  }
  if (typeof cookie !== "string") return undefined;
  for (const pair of cookie.split(";")) {
    const separator = pair.indexOf("=");
    if (pair.slice(0, separator).trim() === cookieName) return decodeURIComponent(pair.slice(separator + 1).trim());
  }
  return undefined;
}

const app = Fastify({ logger: false });
app.get("/api/user-details", async (request, reply) => {
  reply.header("cache-control", "no-store");
  const token = readToken(request.headers);
  const accessKey = request.headers[ACCESS_KEY_HEADER];
  if (!token || typeof accessKey !== "string" || token.length > maxSecretLength || accessKey.length > maxSecretLength) {
    return { userProfile: null };
  }
  const now = new Date();
  const { rows } = await pool.query({ ...sessionProfile, values: [hashSecret(token), hashSecret(accessKey), now] });
  const row = rows[0];
  if (!row) return { userProfile: null };
  if (now.getTime() - row.last_used_at.getTime() > idleRefreshMs) {
    await pool.query({ ...slideIdleExpiry, values: [row.session_id, now] });
  }
  return {
    userProfile: {
      name: row.username,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      organization: row.organization,
      areaOfLaw: row.area_of_law,
      topicsOfInterest: row.topics_of_interest,
      occupation: row.occupation,
      internal: row.is_internal,
      emailVerified: row.email_verified_at !== null,
      ...(row.accepted_terms_version === LEGAL_DOCUMENTS.terms.version &&
      row.accepted_privacy_version === LEGAL_DOCUMENTS.privacy.version
        ? {}
        : { mustAcceptTerms: true }),
      ...(row.deletion_scheduled_for ? { deletionScheduledFor: row.deletion_scheduled_for.toISOString() } : {}),
    },
  };
});
app.post("/api/memo-usage", async (request, reply) => {
  reply.header("cache-control", "no-store");
  if (request.headers[REQUESTED_WITH_HEADER] !== REQUESTED_WITH_VALUE) return reply.code(403).send({ error: "csrf" });
  const token = readToken(request.headers);
  const accessKey = request.headers[ACCESS_KEY_HEADER];
  if (!token || typeof accessKey !== "string" || token.length > maxSecretLength || accessKey.length > maxSecretLength) {
    return reply.code(401).send({ error: "session" });
  }
  const { rows } = await pool.query({ ...memoSession, values: [hashSecret(token)] });
  const row = rows[0];
  if (!row || row.access_key_hash !== hashSecret(accessKey)) return reply.code(401).send({ error: "session" });
  // The seeded accounts' rule, no more: a verified address in its 30-day trial (what the raw probe reads).
  const now = new Date();
  const trialEndsAt = row.trial_started_at && new Date(row.trial_started_at.getTime() + trialDays * 86_400_000);
  if (!row.email_verified_at || !trialEndsAt || trialEndsAt <= now) return reply.code(402).send({ error: "access" });
  const counted = await pool.query({ ...countMemo, values: [row.id, now.toISOString().slice(0, 7)] });
  return {
    access: "trial",
    endsAt: trialEndsAt.toISOString(),
    memo: { usedThisMonth: counted.rows[0].memo_count },
  };
});
app.get("/api/health", async () => ({ status: "ok" }));
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
