import type { FirmPolicies, FirmPoliciesUpdate, SignInMethod } from "@precis/contract/firms";
import { eq, sql } from "drizzle-orm";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { passkeys, userIdentities, users } from "../../db/schema/index.ts";
import type { CallerFirm, FirmRow } from "./caller-firm.ts";
import { endSessionsRefusedByPolicy } from "./live-sessions.ts";

/*
 * A firm's policies (matter codes and their mask, the two-step rule, the allowed sign-in methods), as its owners
 * and admins change them with a rename or alone (firm.ts, updateFirm). How a sign-in meets them is
 * sign-in-policy.ts; how live sessions do, live-sessions.ts.
 */

export const policiesOf = (firm: FirmRow): FirmPolicies => ({
  matterCodes: firm.matterCodes,
  matterMask: firm.matterMask,
  requireTwoStep: firm.requireTwoStep,
  signInMethods: firm.signInMethods as FirmPolicies["signInMethods"],
});

/** The firm's policies with `update` over them, and the ones it changes. */
export function changePolicies(firm: FirmRow, update: FirmPoliciesUpdate | undefined) {
  const before = policiesOf(firm);
  const after = { ...before, ...update };
  const changed = (Object.keys(after) as (keyof FirmPolicies)[]).filter(
    (key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
  return { before, after, changed };
}

/**
 * Refuses allowed sign-in methods that would leave the admin saving them unable to sign in (issue 56, finding 2):
 * none this site offers (Google and Microsoft need Firebase configured), or none of hers. Her password method is
 * hers when the account has a password or a passkey; Google or Microsoft, when one of that provider's identities
 * is linked to it, which a first sign-in with it does. Null when she keeps one, else the refusal.
 */
export async function checkMethodsKeepCallerIn(
  tx: AppDatabase,
  config: AppConfig,
  userId: number,
  methods: readonly SignInMethod[],
) {
  const isSsoOffered = config.client.sso.isConfigured;
  const offered = methods.filter((method) => method === "password" || isSsoOffered);
  if (offered.length === 0) return { outcome: "methodsNotOffered" } as const;
  const [account] = await tx
    .select({
      hasPassword: sql<boolean>`${users.passwordHash} is not null or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  const identities = await tx
    .select({ provider: userIdentities.provider })
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));
  const providers = new Set(identities.map((identity) => identity.provider));
  const isUsable = (method: SignInMethod) =>
    method === "password"
      ? account?.hasPassword === true
      : providers.has(method === "google" ? "google.com" : "microsoft.com");
  return offered.some(isUsable) ? null : ({ outcome: "policyLocksYouOut" } as const);
}

/**
 * After the firm's row is saved with new policies: the new sign-in methods reach live sessions at once, in this
 * transaction (decision 043), and each changed policy is in the trail.
 */
export async function recordPolicyChanges(
  { tx, firm, record }: CallerFirm,
  { before, after, changed }: ReturnType<typeof changePolicies>,
  now: Date,
) {
  if (changed.includes("signInMethods")) {
    await endSessionsRefusedByPolicy(tx, { firmId: firm.id, signInMethods: after.signInMethods, now });
  }
  for (const key of changed) {
    await record("policy_changed", {
      policy: key,
      from: JSON.stringify(before[key]),
      to: JSON.stringify(after[key]),
    });
  }
}
