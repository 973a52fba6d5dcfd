import type { AccountErrorCode } from "@precis/contract/account-rules";
import { type ApiRequestError, isApiRequestError } from "@/lib/api-client";
import { getAccountErrorCode, getRefusedFields, isNetworkFailure } from "@/lib/api-failures";

/** A call the server refused, as every screen reads it. */
export interface Refusal {
  status: number;
  /** The `Error` code of an account failure (`badPassword`, `invalidCode`…), when it is one of ours. */
  code: AccountErrorCode | null;
  /** The fields the refusal names (`code`, `session`, `body.firstName`…), by their dotted paths. */
  fields: string[];
  /** From Retry-After, after a 429 or a 503. */
  retryAfterSeconds: number | null;
  /** The whole error, for the rare reading the fields above do not cover. */
  error: ApiRequestError;
}

type Answer<Failure> = Failure | ((refusal: Refusal) => Failure);

/**
 * How one call's failures read on its screen, as a table: the shape every feature's `*-errors.ts` fills in, so
 * that a failure is read (status, code, fields, wait) in one place, and each feature says only what it means.
 */
export interface FailureMapping<Failure> {
  /**
   * A call that got no answer of the server's: `network` when fetch rejected (offline, DNS, CORS), `unknown` for
   * anything else (an answer that fails its schema); or a function, for failures of the browser's own part.
   */
  unanswered: { network: Failure; unknown: Failure } | ((error: unknown) => Failure);
  /** Read before the status, for a code or a field that says more than the status does; undefined to go on. */
  first?: (refusal: Refusal) => Failure | undefined;
  /** What each status means. */
  byStatus?: Partial<Record<number, Answer<Failure>>>;
  /** Every other status. */
  otherwise: Answer<Failure>;
}

function answer<Failure>(given: Answer<Failure>, refusal: Refusal): Failure {
  return typeof given === "function" ? (given as (refusal: Refusal) => Failure)(refusal) : given;
}

/** What `error`, thrown by an API call, means to the screen that made it. */
export function mapFailure<Failure>(error: unknown, mapping: FailureMapping<Failure>): Failure {
  if (!isApiRequestError(error)) {
    const { unanswered } = mapping;
    if (typeof unanswered === "function") return unanswered(error);
    return isNetworkFailure(error) ? unanswered.network : unanswered.unknown;
  }
  const refusal: Refusal = {
    status: error.status,
    code: getAccountErrorCode(error),
    fields: getRefusedFields(error),
    retryAfterSeconds: error.retryAfterSeconds,
    error,
  };
  const early = mapping.first?.(refusal);
  if (early !== undefined) return early;
  return answer(mapping.byStatus?.[error.status] ?? mapping.otherwise, refusal);
}
