import type { FirmPolicyRefusal } from "@precis/contract/api";
import { type SignInMethod, signInMethods } from "@precis/contract/firms";
import { and, eq, inArray } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { firmMemberships, firms, users } from "../../db/schema/index.ts";
import { answerFromFacts, type FailureResponse } from "../../lib/operations/failures.ts";
import { firmMethodNames, firmRefusalText } from "../accounts/responses.ts";

/*
 * A firm's "allowed sign-in methods" policy (issue 44), checked by every sign-in once it has proven who is signing
 * in, and before it opens a session or starts a second step. Decision: a passkey and the authenticator app's second
 * step belong to the password method, because they are the account's own credentials kept by Precis, where Google
 * and Microsoft are the firm's identity provider: a firm that allows Google only wants its people in through the
 * accounts it controls, and a passkey would be a way around that.
 */

/** Each refusal names the methods the firm allows, one outcome per set (the full set refuses nothing). */
const ALLOWED_SETS = {
  firmAllowsPasswordOnly: ["password"],
  firmAllowsGoogleOnly: ["google"],
  firmAllowsMicrosoftOnly: ["microsoft"],
  firmAllowsPasswordOrGoogle: ["password", "google"],
  firmAllowsPasswordOrMicrosoft: ["password", "microsoft"],
  firmAllowsGoogleOrMicrosoft: ["google", "microsoft"],
} as const satisfies Record<string, readonly SignInMethod[]>;
export type FirmSignInRefusal = keyof typeof ALLOWED_SETS;

/**
 * A firm's refusal of one set of methods: with the outcome's facts, it names the firm and whom to ask (issue 53);
 * without them (a refusal found before the firm was read), only what the firm allows.
 */
const refusalOf = (allowed: readonly SignInMethod[]) =>
  answerFromFacts(403, (facts: { firmPolicy?: FirmPolicyRefusal }) => {
    const answer = {
      message: `Your firm allows signing in only with ${allowed.map((method) => firmMethodNames[method]).join(" or ")}. Sign in that way instead.`,
      fields: [{ path: "signInMethod", message: `is not allowed by your firm, which allows: ${allowed.join(", ")}` }],
    };
    const { firmPolicy } = facts;
    return firmPolicy ? { ...answer, message: firmRefusalText(firmPolicy), firmPolicy } : answer;
  });

/** The rows every sign-in's failure table takes in (auth/responses.ts, sso/responses.ts). */
export const firmSignInFailures = Object.fromEntries(
  Object.entries(ALLOWED_SETS).map(([outcome, allowed]) => [outcome, refusalOf(allowed)]),
) as Record<FirmSignInRefusal, FailureResponse>;

/** A firm's refusal: its outcome (the failure tables' row) and the facts its answer names. */
export interface FirmSignInRefusalFacts {
  outcome: FirmSignInRefusal;
  firmPolicy: FirmPolicyRefusal;
}

/**
 * Whether the account's firm, if any, allows signing in with `method`: null when it does (or there is no firm),
 * else the refusal naming the firm, what it allows and its owners' and administrators' addresses (issue 53: a
 * refused person knows whom to ask). One read by the membership's key, and one more on a refusal. A null method
 * is a session's whose method is not known (older than the column, decision 043): only a firm that allows every
 * method allows it.
 */
export async function checkFirmSignInMethod(
  db: AppDatabase,
  userId: number,
  method: SignInMethod | null,
): Promise<FirmSignInRefusalFacts | null> {
  const [row] = await db
    .select({ firmId: firms.id, name: firms.name, signInMethods: firms.signInMethods })
    .from(firmMemberships)
    .innerJoin(firms, eq(firms.id, firmMemberships.firmId))
    .where(eq(firmMemberships.userId, userId))
    .limit(1);
  if (!row) return null;
  if (
    method === null
      ? signInMethods.every((each) => row.signInMethods.includes(each))
      : row.signInMethods.includes(method)
  )
    return null;
  const allowed = new Set(row.signInMethods);
  const match = Object.entries(ALLOWED_SETS).find(
    ([, methods]) => methods.length === allowed.size && methods.every((each) => allowed.has(each)),
  );
  // The database allows only known methods and the API at least one, so a set is always found.
  if (!match) throw new Error(`firm sign-in methods ${row.signInMethods.join(",")} have no refusal`);
  const admins = await db
    .select({ email: users.email })
    .from(firmMemberships)
    .innerJoin(users, eq(users.id, firmMemberships.userId))
    .where(and(eq(firmMemberships.firmId, row.firmId), inArray(firmMemberships.role, ["owner", "admin"])))
    .orderBy(firmMemberships.joinedAt)
    .limit(5);
  return {
    outcome: match[0] as FirmSignInRefusal,
    firmPolicy: {
      firmName: row.name,
      allowedMethods: signInMethods.filter((each) => allowed.has(each)),
      adminEmails: admins.map((admin) => admin.email),
    },
  };
}
