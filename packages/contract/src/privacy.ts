import { cancelDeletionRequestSchema, deleteAccountResponseSchema } from "./account-deletion.ts";
import { accountExportSchema } from "./account-export.ts";
import { apiErrorSchema } from "./api.ts";
import { statusResponseSchema } from "./auth.ts";
import { acceptConsentsRequestSchema, consentsResponseSchema } from "./legal.ts";
import { operations, withSchemas } from "./operations.ts";

/**
 * Privacy's operations with their schemas (issue 41): the consents, the account's deletion and its export. Bound
 * here rather than in the files of their schemas, which the public pages and the export reader load on their own.
 */
export const privacyOperations = {
  getConsents: withSchemas(operations.getConsents, {
    response: { 200: consentsResponseSchema, 401: apiErrorSchema },
  }),
  acceptConsents: withSchemas(operations.acceptConsents, {
    body: acceptConsentsRequestSchema,
    response: { 200: statusResponseSchema, 401: apiErrorSchema },
  }),
  requestAccountDeletion: withSchemas(operations.requestAccountDeletion, {
    response: { 200: deleteAccountResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),
  cancelAccountDeletion: withSchemas(operations.cancelAccountDeletion, {
    body: cancelDeletionRequestSchema,
    response: { 200: statusResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
  }),
  exportAccount: withSchemas(operations.exportAccount, {
    response: { 200: accountExportSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
  }),
};
