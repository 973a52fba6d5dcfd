import { type SignInMethod, signInMethods } from "@precis/contract/firms";
import { eq } from "drizzle-orm";
import type { AppDatabase } from "../../db/client.ts";
import { firmMemberships, firms } from "../../db/schema.ts";
import { apiFailure, type FailureResponse } from "../accounts/responses.ts";

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

const methodNames: Record<SignInMethod, string> = {
  password: "your email and password (or a passkey)",
  google: "Google",
  microsoft: "Microsoft",
};

const refusalOf = (allowed: readonly SignInMethod[]) =>
  apiFailure(
    403,
    `Your firm allows signing in only with ${allowed.map((method) => methodNames[method]).join(" or ")}. Sign in that way instead.`,
    [{ path: "signInMethod", message: `is not allowed by your firm, which allows: ${allowed.join(", ")}` }],
  );

/** The rows every sign-in's failure table takes in (auth/responses.ts, sso/responses.ts). */
export const firmSignInFailures = Object.fromEntries(
  Object.entries(ALLOWED_SETS).map(([outcome, allowed]) => [outcome, refusalOf(allowed)]),
) as Record<FirmSignInRefusal, FailureResponse>;

/**
 * Whether the account's firm, if any, allows signing in with `method`: null when it does (or there is no firm),
 * else the refusal naming what it allows. One read by the membership's key. A null method is a session's whose
 * method is not known (older than the column, decision 043): only a firm that allows every method allows it.
 */
export async function checkFirmSignInMethod(
  db: AppDatabase,
  userId: number,
  method: SignInMethod | null,
): Promise<FirmSignInRefusal | null> {
  const [row] = await db
    .select({ signInMethods: firms.signInMethods })
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
  return match[0] as FirmSignInRefusal;
}
