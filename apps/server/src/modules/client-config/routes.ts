import { clientConfigOperations } from "@precis/contract/client-config";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationRoutes } from "../../lib/operations/routes.ts";

/**
 * The same public settings index.html embeds, for the Vite dev server (which serves its own
 * index.html) and for the extension.
 */
export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  operationRoutes(app, "configuration")(
    clientConfigOperations.getClientConfig,
    { summary: "Public settings of this environment (links, markers, product name)", access: "anyone" },
    async () => app.config.client,
  );
};
