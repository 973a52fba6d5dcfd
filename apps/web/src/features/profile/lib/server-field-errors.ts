import { mapFailure } from "@/lib/failure-mapper";

/**
 * The form fields a 400 answer names. The server reports paths such as "body.firstName" or
 * "body.topicsOfInterest.3"; the form knows the field by its first segment after "body".
 */
export function getRejectedFields<TField extends string>(error: unknown, fields: readonly TField[]): TField[] {
  return mapFailure<TField[]>(error, {
    unanswered: () => [],
    byStatus: {
      400: (refusal) => {
        const named = refusal.fields.map((path) => path.replace(/^body\.?/, "").split(".")[0]);
        return fields.filter((field) => named.includes(field));
      },
    },
    otherwise: () => [],
  });
}
