import { QueryClient } from "@tanstack/react-query";
import { isApiRequestError } from "@/lib/api-client";

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change on retry; only network trouble and 5xx are worth another try.
        retry: (failureCount, error) => failureCount < MAX_RETRIES && !(isApiRequestError(error) && error.status < 500),
      },
    },
  });
}
