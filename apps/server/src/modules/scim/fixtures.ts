/*
 * The person the SCIM unit tests provision, as Okta and Entra describe them: one place, so the PATCH and the body
 * tests agree on who the user is. Only tests import this file.
 */
import type { ScimUserAttributes } from "./attributes.ts";

export const USER_ID = "7d3c1f0e-4b1a-4c59-9c61-2f0c5e6a8b90";

export const dana: ScimUserAttributes = {
  userName: "dana.ortiz@smithlaw.ca",
  externalId: "00u1a2b3c4",
  givenName: "Dana",
  familyName: "Ortiz",
  displayName: "Dana Ortiz",
  active: true,
  workEmail: "dana.ortiz@smithlaw.ca",
};
