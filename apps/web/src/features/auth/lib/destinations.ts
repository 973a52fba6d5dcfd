import type { Occupation } from "@precis/contract/profile";
import { isAppPath } from "@/lib/links";

/** Where a flow sends the user next: a path of this app, or another site (left with a full page load). */
export type Destination = { kind: "app"; path: string } | { kind: "external"; href: string };

export function toDestination(href: string): Destination {
  return isAppPath(href) ? { kind: "app", path: href } : { kind: "external", href };
}

export const CASE_LAW_LANDING_PATH = "/greet";
export const SUBSCRIPTION_PATH = "/subscription";

/**
 * product §4 Login, checked in SPEC's order: a visitor from the case-law site goes to the logged-in
 * landing (which sends them back there); the external-redirect `ref` goes to its address; anyone
 * else goes home.
 */
export function getPostLoginDestination(input: {
  isCanLiiOrigin: boolean;
  ref: string | null;
  externalRedirectRef: string;
  externalRedirectUrl: string;
}): Destination {
  if (input.isCanLiiOrigin) return { kind: "app", path: CASE_LAW_LANDING_PATH };
  if (input.ref === input.externalRedirectRef) return toDestination(input.externalRedirectUrl);
  return { kind: "app", path: "/" };
}

/** product §4 Registration: students and faculty go to the case-law site, lawyers and others subscribe. */
export function getPostRegistrationDestination(role: Occupation, caseLawSiteUrl: string): Destination {
  return role === "law student" || role === "law faculty"
    ? toDestination(caseLawSiteUrl)
    : { kind: "app", path: SUBSCRIPTION_PATH };
}
