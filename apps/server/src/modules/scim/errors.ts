/*
 * SCIM answers its errors in its own shape (RFC 7644 §3.12), not in the API's: identity providers read `scimType`
 * to decide whether to retry, and show `detail` to the firm's IT in their provisioning logs. Every refusal the
 * parsers make carries the scimType it is answered with, so the route never chooses one.
 */

export const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

/** The scimType values Precis answers with (RFC 7644 table 9, the subset its checks can reach). */
export type ScimType =
  | "invalidFilter"
  | "invalidSyntax"
  | "invalidPath"
  | "invalidValue"
  | "noTarget"
  | "mutability"
  | "uniqueness"
  | "tooMany";

/** A request SCIM refuses for what it says: the kind of refusal, and the words for the firm's IT. */
export type ScimRefusal<Type extends ScimType = ScimType> = {
  readonly outcome: "refused";
  readonly scimType: Type;
  readonly detail: string;
};

export type ScimErrorBody = {
  readonly schemas: readonly [typeof SCIM_ERROR_SCHEMA];
  /** A string in RFC 7644; both Okta and Entra read a string or a number, so the RFC's form is the one sent. */
  readonly status: string;
  readonly scimType?: ScimType;
  readonly detail: string;
};

/** The status each scimType is answered with: a clash is a conflict, everything else a bad request. */
const STATUS_OF: Readonly<Record<ScimType, number>> = {
  invalidFilter: 400,
  invalidSyntax: 400,
  invalidPath: 400,
  invalidValue: 400,
  noTarget: 400,
  mutability: 400,
  uniqueness: 409,
  tooMany: 400,
};

export type ScimErrorAnswer = { readonly statusCode: number; readonly body: ScimErrorBody };

/** The answer to a refusal of the request's content. */
export function scimRefusalAnswer(refusal: ScimRefusal): ScimErrorAnswer {
  const statusCode = STATUS_OF[refusal.scimType];
  return {
    statusCode,
    body: {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(statusCode),
      scimType: refusal.scimType,
      detail: refusal.detail,
    },
  };
}

/**
 * An error no scimType describes: 401 for a missing or wrong token (the route adds `WWW-Authenticate: Bearer`),
 * 404 for an id that is unknown or another firm's (alike, so a token learns nothing about other firms), 405, 413.
 */
export function scimStatusAnswer(statusCode: 401 | 403 | 404 | 405 | 413 | 500, detail: string): ScimErrorAnswer {
  return { statusCode, body: { schemas: [SCIM_ERROR_SCHEMA], status: String(statusCode), detail } };
}

export const refuse = <Type extends ScimType>(scimType: Type, detail: string): ScimRefusal<Type> => ({
  outcome: "refused",
  scimType,
  detail,
});
