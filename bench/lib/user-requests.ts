import { randomBytes, randomInt } from "node:crypto";
import { ACCESS_KEY_HEADER, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@precis/contract/api";
import { defaultMemoOptionSet, memoToneValues } from "@precis/contract/memo-options";
import type { SeededUser } from "./seed-users.ts";

/** What the extension does around each memo, plus the account page's saves and sign-ins. */
export const honestOperations = [
  "GET /api/user-details",
  "GET /api/user-options",
  "GET /api/entitlement",
  "POST /api/memo-usage",
  "PUT /api/user-options",
  "PATCH /api/user-details",
  "POST /api/login",
] as const;
export type HonestOperation = (typeof honestOperations)[number];

/** Requests an attacker or a broken client sends: each must get a 4xx, never a 5xx and never a 2xx. */
export const hostileKinds = [
  "unknown session",
  "broken cookie",
  "wrong access key",
  "over-long cookie",
  "over-long access key",
  "garbage bearer token",
  "malformed JSON",
  "wrong types (profile)",
  "wrong types (memo options)",
  "write without X-Requested-With",
] as const;
export type HostileKind = (typeof hostileKinds)[number];

export interface PlannedRequest {
  /** The operation, or the hostile kind, it counts under. */
  kind: HonestOperation | HostileKind;
  isHostile: boolean;
  method: "GET" | "POST" | "PUT" | "PATCH";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Whether the answer is the right one: a 2xx with the expected content (honest), a 4xx (hostile). */
  isRightAnswer(status: number, body: string): boolean;
}

/** Shares of each operation, summing to 1. */
export type Mix = Partial<Record<HonestOperation, number>>;

export const readsMix: Mix = {
  "GET /api/user-details": 1 / 3,
  "GET /api/user-options": 1 / 3,
  "GET /api/entitlement": 1 / 3,
};
export const userDetailsMix: Mix = { "GET /api/user-details": 1 };
export const memoUsageMix: Mix = { "POST /api/memo-usage": 1 };
export const loginMix: Mix = { "POST /api/login": 1 };
/**
 * The extension's per-memo mix: before each memo it reads the profile, the options and the entitlement, then
 * counts the memo, so the four come in equal numbers; 2% of requests are saves (options or profile), and 0.4%
 * sign-ins with a password.
 */
export const fullMix: Mix = {
  "GET /api/user-details": 0.244,
  "GET /api/user-options": 0.244,
  "GET /api/entitlement": 0.244,
  "POST /api/memo-usage": 0.244,
  "PUT /api/user-options": 0.01,
  "PATCH /api/user-details": 0.01,
  "POST /api/login": 0.004,
};

/**
 * The bench's servers run with APP_ENV=development (lib/processes.ts), where getSessionCookieName
 * (modules/sessions/plugin.ts) names the cookie without its __Host- prefix. Not imported: that module's Fastify
 * declarations would drag the whole server into the bench's type check. users.ts checks a sample through it.
 */
const cookieName = "precis_session";
const xhr = { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE };
const json = { "content-type": "application/json" };
const pick = <T>(items: readonly T[]) => items[randomInt(items.length)] as T;
const randomSecret = () => randomBytes(32).toString("base64url");

/**
 * The headers that prove a user's session: the extension's bearer token for half of the users (odd ids), the
 * portal's cookie for the other half, and the access key with both.
 */
function sessionHeaders(user: SeededUser): Record<string, string> {
  return user.id % 2
    ? { authorization: `Bearer ${user.token}`, [ACCESS_KEY_HEADER]: user.accessKey }
    : { cookie: `${cookieName}=${user.token}`, [ACCESS_KEY_HEADER]: user.accessKey };
}

const isOk = (status: number) => status >= 200 && status < 300;
const expectations: Record<HonestOperation, (status: number, body: string) => boolean> = {
  // Without a live session this route answers 200 with a null profile: only a profile proves the session worked.
  "GET /api/user-details": (status, body) => isOk(status) && body.includes('"userProfile":{'),
  "GET /api/user-options": (status, body) => isOk(status) && body.includes('"selectedOptionId":'),
  "GET /api/entitlement": (status, body) => isOk(status) && body.includes('"access":"trial"'),
  "POST /api/memo-usage": (status, body) => isOk(status) && body.includes('"access":"trial"'),
  "PUT /api/user-options": (status, body) => isOk(status) && body.includes('"updatedOptionId":'),
  "PATCH /api/user-details": (status, body) => isOk(status) && body.includes('"userProfile":{'),
  "POST /api/login": (status, body) => isOk(status) && body.includes('"Status":"Success"'),
};
const isRefusal = (status: number) => status >= 400 && status < 500;

function honestRequest(operation: HonestOperation, user: SeededUser, loginUser: SeededUser, password: string) {
  const base = { kind: operation, isHostile: false, isRightAnswer: expectations[operation] };
  switch (operation) {
    case "GET /api/user-details":
      return { ...base, method: "GET", path: "/api/user-details", headers: sessionHeaders(user) } as const;
    case "GET /api/user-options":
      return { ...base, method: "GET", path: "/api/user-options", headers: sessionHeaders(user) } as const;
    case "GET /api/entitlement":
      return { ...base, method: "GET", path: "/api/entitlement", headers: sessionHeaders(user) } as const;
    case "POST /api/memo-usage":
      return {
        ...base,
        method: "POST",
        path: "/api/memo-usage",
        headers: { ...sessionHeaders(user), ...xhr },
      } as const;
    case "PUT /api/user-options":
      return {
        ...base,
        method: "PUT",
        path: "/api/user-options",
        headers: { ...sessionHeaders(user), ...xhr, ...json },
        body: JSON.stringify({
          ...defaultMemoOptionSet,
          id: user.optionSetId,
          name: `My memo ${randomInt(1000)}`,
          memoTone: pick(memoToneValues),
        }),
      } as const;
    case "PATCH /api/user-details":
      return {
        ...base,
        method: "PATCH",
        path: "/api/user-details",
        headers: { ...sessionHeaders(user), ...xhr, ...json },
        body: JSON.stringify({ organization: `Bench LLP ${randomInt(1000)}`, areaOfLaw: "Tax law" }),
      } as const;
    case "POST /api/login":
      return {
        ...base,
        method: "POST",
        path: "/api/login",
        headers: {
          ...xhr,
          authorization: `Basic ${Buffer.from(`${loginUser.email}:${password}`).toString("base64")}`,
        },
      } as const;
  }
}

function hostileRequest(kind: HostileKind, user: SeededUser): PlannedRequest {
  const base = { kind, isHostile: true, isRightAnswer: (status: number) => isRefusal(status) };
  const valid = sessionHeaders(user);
  switch (kind) {
    case "unknown session":
      return {
        ...base,
        method: "GET",
        path: "/api/user-options",
        headers: { cookie: `${cookieName}=${randomSecret()}`, [ACCESS_KEY_HEADER]: randomSecret() },
      };
    case "broken cookie":
      return {
        ...base,
        method: "GET",
        path: "/api/entitlement",
        headers: { cookie: `${cookieName}="%E0%A4%A;=;${cookieName}=;;`, [ACCESS_KEY_HEADER]: user.accessKey },
      };
    case "wrong access key":
      return {
        ...base,
        method: "GET",
        path: "/api/entitlement",
        headers: { ...valid, [ACCESS_KEY_HEADER]: randomSecret() },
      };
    case "over-long cookie":
      return {
        ...base,
        method: "GET",
        path: "/api/user-options",
        headers: { cookie: `${cookieName}=${user.token.repeat(100)}`, [ACCESS_KEY_HEADER]: user.accessKey },
      };
    case "over-long access key":
      return {
        ...base,
        method: "POST",
        path: "/api/memo-usage",
        headers: { ...valid, ...xhr, [ACCESS_KEY_HEADER]: user.accessKey.repeat(50) },
      };
    case "garbage bearer token":
      return {
        ...base,
        method: "GET",
        path: "/api/entitlement",
        headers: { authorization: "Bearer ../../etc/passwd' or 1=1 --", [ACCESS_KEY_HEADER]: user.accessKey },
      };
    case "malformed JSON":
      return {
        ...base,
        method: "PUT",
        path: "/api/user-options",
        headers: { ...valid, ...xhr, ...json },
        body: `{"id": ${user.optionSetId}, "name": "half a`,
      };
    case "wrong types (profile)":
      return {
        ...base,
        method: "PATCH",
        path: "/api/user-details",
        headers: { ...valid, ...xhr, ...json },
        body: JSON.stringify({ firstName: 42, topicsOfInterest: "all of them" }),
      };
    case "wrong types (memo options)":
      return {
        ...base,
        method: "PUT",
        path: "/api/user-options",
        headers: { ...valid, ...xhr, ...json },
        body: JSON.stringify({ ...defaultMemoOptionSet, id: String(user.optionSetId), memoTone: 7, memoOrdering: {} }),
      };
    case "write without X-Requested-With":
      return { ...base, method: "POST", path: "/api/memo-usage", headers: valid };
  }
}

/**
 * A source of requests: each one a random user of the `users` (and, for a sign-in, a random one of those with the
 * known password), its operation drawn by `mix`; a `hostileShare` of them hostile, of a random kind.
 */
export function createRequestSource(
  users: SeededUser[],
  options: { mix: Mix; password: string; hostileShare?: number },
) {
  const loginUsers = users.filter((user) => user.hasKnownPassword);
  const entries = Object.entries(options.mix) as [HonestOperation, number][];
  const cumulative: [HonestOperation, number][] = [];
  let total = 0;
  for (const [operation, share] of entries) {
    total += share;
    cumulative.push([operation, total]);
  }
  const hostileShare = options.hostileShare ?? 0;
  return (): PlannedRequest => {
    const user = pick(users);
    if (hostileShare > 0 && Math.random() < hostileShare) return hostileRequest(pick(hostileKinds), user);
    const draw = Math.random() * total;
    const operation = cumulative.find(([, upTo]) => draw < upTo)?.[0] ?? entries[0]?.[0] ?? "GET /api/user-details";
    return honestRequest(operation, user, pick(loginUsers), options.password);
  };
}
