import { type FirmPolicies, matchesMatterMask, matterCodeSchema } from "@precis/contract/firms";

/** The two policies that decide whether a memo needs a client-matter code, and in what shape. */
export type MatterPolicy = Pick<FirmPolicies, "matterCodes" | "matterMask">;

/** Why the popup will not send what was typed: the server would refuse it with a 400 and count nothing. */
export type MatterProblem = "required" | "invalid" | "mismatch";

export type MatterCheck = { ok: true; matter: string | undefined } | { ok: false; problem: MatterProblem };

/**
 * What the popup sends with a memo, checked before the call by the server's own rule, from the contract: the code
 * trimmed and within matterCodeSchema (printable, at most 64 characters), then the firm's mask when it has one.
 * Nothing typed is no matter at all: refused when the firm requires one, otherwise the memo goes without. With
 * codes off the field is not shown, and nothing is sent.
 */
export function checkMatter(typed: string, policy: MatterPolicy): MatterCheck {
  if (policy.matterCodes === "off") return { ok: true, matter: undefined };
  const trimmed = typed.trim();
  if (trimmed === "") {
    return policy.matterCodes === "required" ? { ok: false, problem: "required" } : { ok: true, matter: undefined };
  }
  const parsed = matterCodeSchema.safeParse(trimmed);
  if (!parsed.success) return { ok: false, problem: "invalid" };
  if (policy.matterMask !== null && !matchesMatterMask(parsed.data, policy.matterMask)) {
    return { ok: false, problem: "mismatch" };
  }
  return { ok: true, matter: parsed.data };
}
