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
  });
  if (!config.servesApiDocs) return;
  await app.register(swaggerUi, { routePrefix: `${API_BASE_PATH}/docs`, staticCSP: true });
  app.get(routeUrl(operations.getOpenApiDocument), { schema: { hide: true } }, () => app.swagger());
}
