import { isApiRequestError } from "@/lib/api-client";

/**
 * The form fields a 400 answer names. The server reports paths such as "body.firstName" or
 * "body.topicsOfInterest.3"; the form knows the field by its first segment after "body".
 */
export function getRejectedFields<TField extends string>(error: unknown, fields: readonly TField[]): TField[] {
  if (!isApiRequestError(error) || error.status !== 400) return [];
  const named = (error.apiError?.fields ?? []).map((field) => field.path.replace(/^body\.?/, "").split(".")[0]);
  return fields.filter((field) => named.includes(field));
}
