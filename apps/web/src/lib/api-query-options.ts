import { type QueryKey, queryOptions } from "@tanstack/react-query";

/**
 * One endpoint's query options (one factory per endpoint, docs/design.md): its key, its fetch given the query's abort
 * signal, so a screen that goes away cancels its request, and how long its answer stays fresh where the app's
 * default (app/query-client.ts) does not fit.
 */
export const apiQueryOptions = <TData, TKey extends QueryKey>(
  queryKey: TKey,
  fetch: (signal: AbortSignal) => Promise<TData>,
  caching: { staleTime?: number; retry?: false } = {},
) => queryOptions({ queryKey, queryFn: ({ signal }) => fetch(signal), ...caching });
