import type { ApiError } from "@precis/contract/api";
import type { FastifyReply } from "fastify";
import { sendApiError } from "../api-error.ts";

/**
 * The one error style (decision 046): a service returns `{ outcome: kind, ...facts }` for every way it can end,
 * never throws a refusal; its route answers its successes itself and hands every other outcome to a table beside
 * the routes, one entry per kind, and an outcome the table misses fails type-checking.
 *
 * An entry is the answer: its status, its message in SPEC's words, the fields at fault, and the members SPEC adds
 * to the body for some failures (the account failures' `Status`/`Error`). An entry may be a function of the
 * outcome's facts, when the answer names them (a firm's refusal names the firm and its administrators); its status
 * stays one, known before any outcome (failureStatus), which is what the route's operation must declare.
 */
export interface FailureAnswer {
  readonly statusCode: number;
  readonly message: string;
  readonly fields?: ApiError["fields"];
  readonly firmPolicy?: ApiError["firmPolicy"];
  /** Members SPEC adds to this failure's body beside the error's own (`Status: "Failure"`, `Error: code`). */
  readonly extra?: Readonly<Record<string, string>>;
}

/**
 * An entry written from the outcome's facts (`answerFromFacts`). Its status is declared beside it as data, so the
 * OpenAPI document and the declared-status check read it without an outcome.
 */
// biome-ignore lint/suspicious/noExplicitAny: an entry may read any outcome's facts; its table types them.
export type FailureFromFacts = ((facts: any) => FailureAnswer) & { readonly statusCode: number };

export type FailureResponse = FailureAnswer | FailureFromFacts;

/** A feature's failures, one per outcome kind of a service other than its successes. */
export type FailureResponses<Outcome extends string> = { readonly [Kind in Outcome]: FailureResponse };

/** The kinds of outcome of a service function other than its successes, which its route answers itself. */
export type FailedOutcome<
  Service extends (...args: never[]) => Promise<{ outcome: string }>,
  Success extends string,
> = Exclude<Awaited<ReturnType<Service>>["outcome"], Success>;

export const apiFailure = (statusCode: number, message: string, fields?: ApiError["fields"]): FailureAnswer =>
  fields ? { statusCode, message, fields } : { statusCode, message };

/**
 * An entry written from the outcome's facts whose status is fixed and declared as data: the facts fill in its text,
 * fields and firm, never its status.
 */
export function answerFromFacts<Facts>(
  statusCode: number,
  write: (facts: Facts) => Omit<FailureAnswer, "statusCode">,
): ((facts: Facts) => FailureAnswer) & { readonly statusCode: number } {
  return Object.assign((facts: Facts) => ({ ...write(facts), statusCode }), { statusCode });
}

/** The status an entry answers, known before any outcome. */
export const failureStatus = (failure: FailureResponse): number => failure.statusCode;

/** Sends one failure of a table; `facts` is the failed outcome itself, read by an entry that names what it says. */
export function sendFailureResponse(reply: FastifyReply, failure: FailureResponse, facts?: object) {
  const answer = typeof failure === "function" ? failure(facts ?? {}) : failure;
  return sendApiError(reply, answer.statusCode, answer.message, answer.fields, answer.firmPolicy, answer.extra);
}
