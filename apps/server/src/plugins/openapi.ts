import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { API_BASE_PATH, operations, routeUrl } from "@precis/contract/operations";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { AppConfig } from "../config.ts";

/**
 * The OpenAPI document is generated from the same zod schemas that validate and serialise each route. It is
 * served (as JSON and as Swagger UI) only where config.servesApiDocs says: not in production unless API_DOCS=true.
 */
export async function registerOpenApi(app: FastifyInstance, config: AppConfig) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${config.client.productName} API`,
        version: "1.0.0",
        description:
          "Account portal API. Authenticated calls carry the session cookie and the X-Access-Key header; " +
          "state-changing calls also carry X-Requested-With: XMLHttpRequest.",
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: (built) =>
      "openapiObject" in built ? markOptionalBodies(built.openapiObject) : built.swaggerObject,
  });
  if (!config.servesApiDocs) return;
  await app.register(swaggerUi, { routePrefix: `${API_BASE_PATH}/docs`, staticCSP: true });
  app.get(routeUrl(operations.getOpenApiDocument), { schema: { hide: true } }, () => app.swagger());
}

/** What markOptionalBodies reads of an operation: its request body's JSON schema. */
type PublishedOperation = { requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> } };

/**
 * @fastify/swagger marks every request body required, since Fastify itself needs one when a route has a body
 * schema. A body schema that takes null (z.nullish) is a route that also takes none, as `POST /api/memo-usage`
 * does for extensions older than its body: the document says so, so a client generated from it may send none.
 */
function markOptionalBodies<Document extends { paths?: object }>(document: Document) {
  for (const methods of Object.values(document.paths ?? {}) as Record<string, PublishedOperation>[]) {
    for (const operation of Object.values(methods ?? {})) {
      const body = operation?.requestBody;
      const schema = body?.content?.["application/json"]?.schema as { anyOf?: { type?: string }[] } | undefined;
      if (body && schema?.anyOf?.some((choice) => choice.type === "null")) body.required = false;
    }
  }
  return document;
}
