import { type FirebaseConfigResponse, firebaseConfigResponseSchema } from "@precis/contract/sso";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

/** `GET /api/sso/firebase`: the web configuration that starts Google and Microsoft sign-in, if any. */
export function getFirebaseConfig({ signal }: { signal?: AbortSignal } = {}): Promise<FirebaseConfigResponse> {
  return apiRequest("/sso/firebase", { signal, schema: firebaseConfigResponseSchema });
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
