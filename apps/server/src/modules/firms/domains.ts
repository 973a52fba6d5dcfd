import freeEmailDomains from "free-email-domains";
import { isAcademicEmail } from "../../lib/academic-domains.ts";
import { refusals } from "./refusals.ts";

/**
 * The public email providers (gmail.com, outlook.com, proton.me and some 14,000 more), from the maintained
 * `free-email-domains` list rather than one typed here: nobody's firm is at gmail.com, and claiming it would offer
 * a firm to every Gmail user.
 */
const publicEmailDomains: ReadonlySet<string> = new Set(freeEmailDomains);

export const isPublicEmailDomain = (domain: string) => publicEmailDomains.has(domain);

export const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/**
 * Whether a person may add `domain` to their firm: not a public provider's, not a school's (a student's address
 * says nothing about a firm), and the domain of the person's own verified address, so a firm proves it holds an
 * address there before it may offer itself to everyone who does. Throws the refusal otherwise.
 */
export function checkClaimableDomain(
  domain: string,
  claimant: { email: string; emailVerifiedAt: Date | null },
  academicDomains: readonly string[],
) {
  if (isPublicEmailDomain(domain)) {
    throw refusals.publicDomain();
  }
  if (isAcademicEmail(`x@${domain}`, academicDomains)) {
    throw refusals.academicDomain();
  }
  if (!claimant.emailVerifiedAt || domainOf(claimant.email) !== domain) {
    throw refusals.notOwnDomain();
  }
}
