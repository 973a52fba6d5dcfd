import { type Operation, type OperationSchemas, routeUrl } from "@precis/contract/operations";
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { documented } from "../../lib/operations/documented.ts";
import { requireSession } from "./plugin.ts";
import { requireRecentAuthentication } from "./reauthentication.ts";
import type { ActiveSession } from "./service.ts";

/** The app as a module's routes plugin receives it: its requests and answers typed by the zod schemas. */
type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A handler whose request and reply are typed by the operation's schemas. */
type OperationHandler<Schemas extends OperationSchemas> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Schemas,
  ZodTypeProvider
>;

/**
 * The reply, returned from a handler once its refusal is sent: Fastify then leaves it as it is. Its type is not
 * among the schema's answers, which TypeScript cannot see through a generic schema.
 */
const answered = <Schemas extends OperationSchemas>(reply: Parameters<OperationHandler<Schemas>>[1]) =>
  reply as unknown as ReturnType<OperationHandler<Schemas>>;

/** A handler of a route that needs a session: it runs only once the session is there, and is handed it. */
type SessionHandler<Schemas extends OperationSchemas, Extra extends unknown[] = []> = (
  request: Parameters<OperationHandler<Schemas>>[0],
  reply: Parameters<OperationHandler<Schemas>>[1],
  session: ActiveSession,
  ...extra: Extra
) => ReturnType<OperationHandler<Schemas>>;

/**
 * Registers a module's routes from the contract's operations: each at the operation's own method and URL, and
 * `documented()` under the module's tag, so a route names its operation once instead of three times. It lives
 * beside the session checks because most routes need one: `signedInRoute` and `recentlySignedInRoute` carry it.
 * Those two answer 401 (or the step-up's 403) in the handler, after validation, as `requireSession` and
 * `requireRecentAuthentication` written at the top of each handler did.
 */
export function operationRoutes(app: ZodApp, tag: string) {
  const route = <Schemas extends OperationSchemas>(
    operation: Operation & { schemas: Schemas },
    summary: string,
    handler: OperationHandler<Schemas>,
    config?: FastifyContextConfig,
  ) => {
    app.route<RouteGenericInterface, ContextConfigDefault, Schemas>({
      method: operation.method,
      url: routeUrl(operation),
      ...(config && { config }),
      ...documented(operation, tag, summary),
      handler,
    });
  };

  /** A route for a signed-in caller only. */
  const signedInRoute = <Schemas extends OperationSchemas>(
    operation: Operation & { schemas: Schemas },
    summary: string,
    handler: SessionHandler<Schemas>,
  ) =>
    route(operation, summary, (request, reply) => {
      const session = requireSession(request, reply);
      if (!session) return answered(reply);
      return handler(request, reply, session);
    });

  /**
   * A route for a caller who proved who they are within 15 minutes (the step-up); the handler is handed the
   * instant that was checked at, its `now`.
   */
  const recentlySignedInRoute = <Schemas extends OperationSchemas>(
    operation: Operation & { schemas: Schemas },
    summary: string,
    handler: SessionHandler<Schemas, [now: Date]>,
  ) =>
    route(operation, summary, (request, reply) => {
      const now = app.clock();
      const session = requireRecentAuthentication(request, reply, now);
      if (!session) return answered(reply);
      return handler(request, reply, session, now);
    });

  return { route, signedInRoute, recentlySignedInRoute };
}
