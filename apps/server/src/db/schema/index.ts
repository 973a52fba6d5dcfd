// The whole schema, one file per area: drizzle-kit reads its tables from here, and the server imports them from here.
export * from "./audit.ts";
export * from "./billing.ts";
export * from "./consents.ts";
export * from "./docs.ts";
export * from "./enterprise.ts";
export * from "./extension.ts";
export * from "./firms.ts";
export * from "./identities.ts";
export * from "./mail.ts";
export * from "./memo-settings.ts";
export * from "./mfa.ts";
export * from "./password-reset.ts";
export * from "./rate-limit.ts";
export * from "./scheduled-jobs.ts";
export * from "./sessions.ts";
export * from "./users.ts";
export * from "./verification.ts";
