import { useMutation } from "@tanstack/react-query";
import { apiRequestCheckedBy } from "@/lib/api-client";

/*
 * `POST /api/reauthenticate`, in the shared layer: components/confirm-identity.tsx asks for the password
 * before any sensitive action of any feature (the data export, the account's deletion).
 */

/** Confirms who is at the keyboard: sensitive actions then work for 15 minutes. */
export function reauthenticate(password: string) {
  return apiRequestCheckedBy(
    () => import("@precis/contract/auth").then(({ statusResponseSchema }) => statusResponseSchema),
    "/reauthenticate",
    { method: "POST", body: { password } },
  );
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}
