import type { OperationName } from "@precis/contract/operations";
import type { z } from "zod/mini";

/*
 * The contract's operation tables that hold zod schemas, each loaded only when a call needs it (see
 * apiRequestCheckedBy): a page that merely links to an action does not load zod for it.
 */
export const authContract = () => import("@precis/contract/auth-operations").then((module) => module.authOperations);
export const mfaContract = () => import("@precis/contract/mfa").then((module) => module.mfaOperations);
export const privacyContract = () => import("@precis/contract/privacy").then((module) => module.privacyOperations);
export const sessionsContract = () => import("@precis/contract/sessions").then((module) => module.sessionsOperations);
export const verificationContract = () =>
  import("@precis/contract/verification").then((module) => module.verificationOperations);

/** A loaded table whose operation `Name` answers a 200 with a schema. */
export type OperationsWith<Name extends OperationName> = Record<
  Name,
  { schemas: { response: { 200: z.ZodMiniType } } }
>;
