import { authOperations } from "@precis/contract/auth-operations";
import { extensionOperations, type HandoffRequest } from "@precis/contract/extension";
import { type MemoOptionSet, memoSettingsOperations } from "@precis/contract/memo-options";
import { operations } from "@precis/contract/operations";
import { profileOperations } from "@precis/contract/profile";
import { type MemoUsageRequest, subscriptionOperations } from "@precis/contract/subscription";
import type { ApiOperation } from "./index.ts";

/*
 * The operations an extension makes, each checked by the same zod schema the server serialises with. They are
 * kept apart from the client itself (index.ts) because they import zod: the portal's entry chunk uses the client
 * without them. Pass one to `client.request(…)`.
 */

/** `GET /api/user-details`: the signed-in account's profile, or `userProfile: null` when the session is not valid. */
export const getUserDetails = () =>
  ({
    ...operations.getUserDetails,
    schema: profileOperations.getUserDetails.schemas.response[200],
  }) satisfies ApiOperation;

/** `GET /api/entitlement`: the access the account has now, and its memos this month. */
export const getEntitlement = () =>
  ({
    ...operations.getEntitlement,
    schema: subscriptionOperations.getEntitlement.schemas.response[200],
  }) satisfies ApiOperation;

/** `GET /api/user-options`: the memo presets and the id of the selected one. */
export const getUserOptions = () =>
  ({
    ...operations.getUserOptions,
    schema: memoSettingsOperations.getUserOptions.schemas.response[200],
  }) satisfies ApiOperation;

/**
 * `POST /api/memo-usage`: counts one generated memo; 402 at the plan's limit or after the access ends. A firm
 * member's memo goes under `matter`, the client-matter code: 400 when their firm requires one and it is missing or
 * breaks the firm's mask. Without a matter no body is sent at all, exactly as before firms.
 */
export const reportMemoUsage = (matter?: string) =>
  ({
    ...operations.reportMemoUsage,
    ...(matter === undefined ? {} : { body: { matter } satisfies MemoUsageRequest }),
    schema: subscriptionOperations.reportMemoUsage.schemas.response[200],
  }) satisfies ApiOperation;

/**
 * `POST /api/pricing-session` (SPEC §7): the caller's plan, if any, their user id and email. The extension reads it
 * for the user id, which keys what it remembers per person (the client-matter codes), as nothing else it reads has it.
 */
export const getPricingSession = () =>
  ({
    ...operations.createPricingSession,
    schema: subscriptionOperations.createPricingSession.schemas.response[200],
  }) satisfies ApiOperation;

/** `GET /api/logout`: ends this session, and the sessions linked to it by a handoff unless kept (decision 028). */
export const logOut = () =>
  ({ ...operations.logOut, schema: authOperations.logOut.schemas.response[200] }) satisfies ApiOperation;

/** `POST /api/extension/handoff`, from a signed-in portal page: a single-use code for the extension. */
export const requestHandoffCode = (request: HandoffRequest = {}) =>
  ({
    ...operations.requestHandoffCode,
    body: request,
    schema: extensionOperations.requestHandoffCode.schemas.response[200],
  }) satisfies ApiOperation;

/** `POST /api/extension/session`, from the extension's own origin: the code exchanged for its bearer session. */
export const exchangeHandoffCode = (code: string) =>
  ({
    ...operations.exchangeHandoffCode,
    body: { code },
    schema: extensionOperations.exchangeHandoffCode.schemas.response[200],
  }) satisfies ApiOperation;

/** The preset the extension writes memos with: the one whose id is `selectedOptionId`, else the first. */
export function findSelectedPreset(userOptions: { options: MemoOptionSet[]; selectedOptionId: number }) {
  return userOptions.options.find((preset) => preset.id === userOptions.selectedOptionId) ?? userOptions.options[0];
}
