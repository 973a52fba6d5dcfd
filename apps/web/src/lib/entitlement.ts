import { operations } from "@precis/contract/operations";
import type { Occupation, Profile } from "@precis/contract/profile";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";

/*
 * `GET /api/entitlement`, in the shared layer: the subscription page says the access, and home and the
 * profile explain an access that waits for a verified or a school address. Features don't import each
 * other (decision 006), so the one query of this endpoint lives here.
 */

/** The schema (and zod with it) loads with the request: home asks only for the few accounts it explains. */
export function getEntitlement(signal?: AbortSignal) {
  return apiRequestCheckedBy(
    () =>
      import("@precis/contract/subscription").then(
        ({ subscriptionOperations }) => subscriptionOperations.getEntitlement.schemas.response[200],
      ),
    operations.getEntitlement,
    { signal },
  );
}

export const entitlementQueryOptions = () =>
  queryOptions({ queryKey: ["entitlement"], queryFn: ({ signal }) => getEntitlement(signal), retry: false });

export function useEntitlement(options: { enabled: boolean }) {
  return useQuery({ ...entitlementQueryOptions(), enabled: options.enabled });
}

/** The occupations that give the students' free access (with a school address). */
export function isStudentOccupation(occupation: Occupation | undefined): boolean {
  return occupation === "law student" || occupation === "law faculty";
}

/**
 * Whether the account's access can need explaining: it waits for a verified address, or the account is a
 * student's, who may need a school address. Every other account skips the request on pages that only
 * explain.
 */
export function mayNeedAccessNotice(profile: Profile | null): boolean {
  return profile !== null && (!profile.emailVerified || isStudentOccupation(profile.occupation));
}
