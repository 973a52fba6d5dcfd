/** Every firm query's key starts here: a change to the firm refreshes all of them at once. */
export const FIRM_QUERY_KEY = ["firm"] as const;

/** The confirm-identity step-up of components/confirm-identity.tsx, as the mutations receive it. */
export type ConfirmIdentityThen = <T>(action: () => Promise<T>) => Promise<T>;
