import type { FirebaseConfigResponse } from "@precis/contract/sso";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/**
 * `GET /api/sso/firebase`: the web configuration that starts Google and Microsoft sign-in, if any.
 * The account pages ask it as they open, so, like the user details, it is not parsed with zod here:
 * the server's serializer checks it against firebaseConfigResponseSchema (docs/decisions/012).
 */
export async function getFirebaseConfig({ signal }: { signal?: AbortSignal } = {}): Promise<FirebaseConfigResponse> {
  return (await apiRequest("/sso/firebase", { signal })) as FirebaseConfigResponse;
}

export function firebaseConfigQueryOptions() {
  return queryOptions({
    queryKey: ["sso-firebase-config"],
    queryFn: ({ signal }) => getFirebaseConfig({ signal }),
    // Fixed for the life of a deployment.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useFirebaseConfig() {
  return useQuery(firebaseConfigQueryOptions());
}
