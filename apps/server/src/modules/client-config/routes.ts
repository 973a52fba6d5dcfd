import { clientConfigSchema } from "@precis/contract/client-config";
import { operations, routeUrl } from "@precis/contract/operations";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * The same public settings index.html embeds, for the Vite dev server (which serves its own
 * index.html) and for the extension.
 */
export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    routeUrl(operations.getClientConfig),
    {
      schema: {
        tags: ["configuration"],
        summary: "Public settings of this environment (links, markers, product name)",
        response: { 200: clientConfigSchema },
      },
    },
    async () => app.config.client,
  );
};
