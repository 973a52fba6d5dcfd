import { ENTERPRISE_ATTEMPT_MINUTES, enterpriseSignInOperations } from "@precis/contract/enterprise-sign-in";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { operationRoutes } from "../../lib/operations/routes.ts";
import {
  activateConnection,
  addOidcConnection,
  addSamlConnection,
  bindDomain,
  type ConnectionContext,
  deleteConnection,
  listConnections,
  oidcEnvironmentOf,
  samlMetadataOf,
  unbindDomain,
  updateConnection,
} from "./connections.ts";
import { enterpriseFailures } from "./responses.ts";
import { attemptCookieNameOf, finishOidcSignIn, startConnectionTest } from "./test-sign-in.ts";

/** Enterprise sign-in's group in the OpenAPI document. */
const ENTERPRISE_TAG = "enterprise-sign-in";

/** The SP metadata as the document shows it: an XML file, not JSON. */
const samlMetadataAsXml = {
  ...enterpriseSignInOperations.getEnterpriseConnectionSamlMetadata,
  schemas: {
    ...enterpriseSignInOperations.getEnterpriseConnectionSamlMetadata.schemas,
    response: {
      ...enterpriseSignInOperations.getEnterpriseConnectionSamlMetadata.schemas.response,
      200: {
        description: "Precis's SAML service-provider metadata, to give the identity provider",
        content: { "application/samlmetadata+xml": { schema: z.string() } },
      },
    },
  },
} as unknown as typeof enterpriseSignInOperations.getEnterpriseConnectionSamlMetadata;

export const enterpriseConnectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = operationRoutes(app, ENTERPRISE_TAG);
  const operations = enterpriseSignInOperations;

  const contextOf = (request: FastifyRequest): ConnectionContext => {
    if (!request.session) throw new Error("connection routes run only for signed-in callers");
    return {
      db: app.database.db,
      config: app.config,
      now: app.clock(),
      userId: request.session.userId,
      oidcEnvironment: oidcEnvironmentOf(app.config),
    };
  };

  // Every connection operation needs a session, said before the body is read (401 before 400); every change, the
  // step-up, checked before anything about the firm, so an old session learns nothing and changes nothing.
  const signedIn = { access: "signedIn", sessionBeforeBody: true } as const;
  const recentlySignedIn = { access: "recentlySignedIn", sessionBeforeBody: true } as const;

  route(
    operations.getEnterpriseConnections,
    {
      summary:
        "The firm's connections to its identity providers, with the values each provider needs (owners and admins)",
      ...signedIn,
      failures: enterpriseFailures.listConnections,
    },
    async (request, _reply, { fail }) => {
      const listed = await listConnections(contextOf(request));
      return listed.outcome === "listed" ? { connections: listed.connections } : fail(listed.outcome, listed);
    },
  );

  route(
    operations.addOidcEnterpriseConnection,
    {
      summary:
        "Add an OpenID Connect connection, its issuer found by discovery; the client secret is kept sealed and never shown again (owners and admins, recent sign-in)",
      ...recentlySignedIn,
      failures: enterpriseFailures.addOidcConnection,
    },
    async (request, _reply, { fail }) => {
      const added = await addOidcConnection(contextOf(request), request.body);
      return added.outcome === "added" ? added.connection : fail(added.outcome, added);
    },
  );

  route(
    operations.addSamlEnterpriseConnection,
    {
      summary:
        "Add a SAML connection from the identity provider's metadata, or its entity id, sign-on address and certificates (owners and admins, recent sign-in)",
      ...recentlySignedIn,
      failures: enterpriseFailures.addSamlConnection,
    },
    async (request, _reply, { fail }) => {
      const added = await addSamlConnection(contextOf(request), request.body);
      return added.outcome === "added" ? added.connection : fail(added.outcome, added);
    },
  );

  route(
    operations.updateEnterpriseConnection,
    {
      summary:
        "Change a connection; a new issuer, client, secret, entity id, sign-on address or certificates sends it back to draft (owners and admins, recent sign-in)",
      ...recentlySignedIn,
      failures: enterpriseFailures.updateConnection,
    },
    async (request, _reply, { fail }) => {
      const updated = await updateConnection(contextOf(request), request.params.id, request.body);
      return updated.outcome === "updated" ? updated.connection : fail(updated.outcome, updated);
    },
  );

  route(
    operations.deleteEnterpriseConnection,
    {
      summary: "Remove a connection (owners and admins, recent sign-in)",
      ...recentlySignedIn,
      failures: enterpriseFailures.deleteConnection,
    },
    async (request, _reply, { fail }) => {
      const deleted = await deleteConnection(contextOf(request), request.params.id);
      return deleted.outcome === "deleted" ? { connections: deleted.connections } : fail(deleted.outcome, deleted);
    },
  );

  route(
    operations.bindEnterpriseConnectionDomain,
    {
      summary:
        "Have a connection serve one of the firm's DNS-proven domains; an active one serves it at once (owners and admins, recent sign-in)",
      ...recentlySignedIn,
      failures: enterpriseFailures.bindDomain,
    },
    async (request, _reply, { fail }) => {
      const bound = await bindDomain(contextOf(request), request.params.id, request.params.domain);
      return bound.outcome === "bound" ? bound.connection : fail(bound.outcome, bound);
    },
  );

  route(
    operations.unbindEnterpriseConnectionDomain,
    {
      summary: "Have a connection no longer serve a domain (owners and admins, recent sign-in)",
      ...recentlySignedIn,
      failures: enterpriseFailures.unbindDomain,
    },
    async (request, _reply, { fail }) => {
      const unbound = await unbindDomain(contextOf(request), request.params.id, request.params.domain);
      return unbound.outcome === "unbound" ? unbound.connection : fail(unbound.outcome, unbound);
    },
  );

  route(
    samlMetadataAsXml,
    {
      summary:
        "Precis's SAML service-provider metadata for a connection, as a file for its provider (owners and admins)",
      ...signedIn,
      failures: enterpriseFailures.samlMetadataOf,
    },
    async (request, reply, { fail }) => {
      const found = await samlMetadataOf(contextOf(request), request.params.id);
      if (found.outcome !== "found") return fail(found.outcome, found);
      return reply
        .type("application/samlmetadata+xml; charset=utf-8")
        .header("content-disposition", `attachment; filename="precis-sp-${found.connectionId}.xml"`)
        .send(found.xml);
    },
  );

  route(
    operations.startEnterpriseConnectionTest,
    {
      summary:
        "Start an administrator's test sign-in through an OpenID Connect connection, with a fresh sign-in at the provider (owners and admins, recent sign-in)",
      ...recentlySignedIn,
      cache: "no-store",
      failures: enterpriseFailures.startConnectionTest,
    },
    async (request, reply, { fail, session }) => {
      const started = await startConnectionTest(contextOf(request), session.id, request.params.id);
      if (started.outcome !== "started") return fail(started.outcome, started);
      reply.setCookie(attemptCookieNameOf(app.config.env), started.bindingSecret, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: app.config.env !== "development",
        maxAge: ENTERPRISE_ATTEMPT_MINUTES * 60,
      });
      return { redirectUrl: started.redirectUrl };
    },
  );

  route(
    operations.activateEnterpriseConnection,
    {
      summary:
        "Activate a tested connection: it serves its domains, taking each from any other active connection of the firm (owners and admins, recent sign-in)",
      ...recentlySignedIn,
      failures: enterpriseFailures.activateConnection,
    },
    async (request, _reply, { fail }) => {
      const activated = await activateConnection(contextOf(request), request.params.id);
      return activated.outcome === "activated" ? activated.connection : fail(activated.outcome, activated);
    },
  );

  route(
    operations.finishEnterpriseOidcSignIn,
    {
      summary:
        "Finish a sign-in through an OpenID Connect connection with the address the provider sent the browser back to: for a test, what the provider sent and whether a sign-in would pass",
      // The attempt's cookie and, for a test, the session that started it are the proof; checked by the service.
      access: "anyone",
      cache: "no-store",
      failures: enterpriseFailures.finishOidcSignIn,
    },
    async (request, reply, { fail, session }) => {
      const cookieName = attemptCookieNameOf(app.config.env);
      const finished = await finishOidcSignIn(
        { db: app.database.db, config: app.config, now: app.clock(), oidcEnvironment: oidcEnvironmentOf(app.config) },
        { callbackUrl: request.body.callbackUrl, bindingSecret: request.cookies[cookieName], session },
      );
      if (finished.outcome !== "tested") return fail(finished.outcome, finished);
      reply.clearCookie(cookieName, { path: "/" });
      return finished.result;
    },
  );
};
