/**
 * The firm feature's keys (features/firm/api/firm-query-key.ts), written out again because features do not import
 * each other: Home and /firm share the one `GET /api/firm` answer, and a join refreshes every firm query.
 */
export const FIRM_QUERY_KEY = ["firm"] as const;
export const OWN_FIRM_QUERY_KEY = [...FIRM_QUERY_KEY, "own"] as const;
