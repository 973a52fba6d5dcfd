import { isAcademicEmail } from "../../lib/academic-domains.ts";
import { isConsumerEmailDomain } from "./consumer-email-domains.ts";
import { refusals } from "./refusals.ts";

export const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/**
 * Whether a person may add `domain` to their firm, in any mode: not a public or internet provider's, not a school's
 * (a student's address says nothing about a firm), and the domain of the person's own verified address. That
 * mailbox shows affiliation, enough for `invitation`; `suggest` and `automatic` also need the DNS proof of
 * ownership (domain-proof.ts). Throws the refusal otherwise.
 */
export function checkClaimableDomain(
  domain: string,
  claimant: { email: string; emailVerifiedAt: Date | null },
  academicDomains: readonly string[],
) {
  if (isConsumerEmailDomain(domain)) {
    throw refusals.publicDomain();
  }
  if (isAcademicEmail(`x@${domain}`, academicDomains)) {
    throw refusals.academicDomain();
  }
  if (!claimant.emailVerifiedAt || domainOf(claimant.email) !== domain) {
    throw refusals.notOwnDomain();
  }
}
