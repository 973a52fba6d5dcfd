import type { OperationSchemas } from "@precis/contract/operations";

/**
 * A route's options as the OpenAPI document shows it: its group (`tag`), a one-line summary, and the operation's
 * schemas, declared once in the contract, which also validate the request and serialise the answer.
 */
export const documented = <Schemas extends OperationSchemas>(
  operation: { schemas: Schemas },
  tag: string,
  summary: string,
) => ({ schema: { tags: [tag], summary, ...operation.schemas } });
