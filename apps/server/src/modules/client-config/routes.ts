import { clientConfigOperations } from "@precis/contract/client-config";
import { routeUrl } from "@precis/contract/operations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * The same public settings index.html embeds, for the Vite dev server (which serves its own
 * index.html) and for the extension.
 */
export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routeUrl(clientConfigOperations.getClientConfig),
    {
      schema: {
        tags: ["configuration"],
        summary: "Public settings of this environment (links, markers, product name)",
        ...clientConfigOperations.getClientConfig.schemas,
      },
    },
    async () => app.config.client,
  );
};
