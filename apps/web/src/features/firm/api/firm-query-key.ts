/**
 * Every firm query's key starts here: a change to the firm refreshes all of them at once. Each is asked again
 * whenever its panel shows (staleTime 0), since other people change the firm too: its admins, its invitees.
 */
export const FIRM_QUERY_KEY = ["firm"] as const;

/** The confirm-identity step-up of components/confirm-identity.tsx, as the mutations receive it. */
export type ConfirmIdentityThen = <T>(action: () => Promise<T>) => Promise<T>;
