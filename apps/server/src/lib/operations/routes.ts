import { type Operation, type OperationSchemas, routeUrl } from "@precis/contract/operations";
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { documented } from "./documented.ts";
import { type FailureResponse, sendFailureResponse } from "./failures.ts";

/**
 * Who may call an operation: anyone; a signed-in caller (else 401); or one who proved who they are within 15
 * minutes, the step-up (else 403 naming `reauthentication`, so the page asks and tries again).
 */
export type Access = "anyone" | "signedIn" | "recentlySignedIn";

/** One counter an attempt is counted against: at most `limit` attempts per `windowSeconds` under `key`. */
export interface RateLimitCheck {
  readonly key: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

/** The app as a module's routes plugin receives it: its requests and answers typed by the zod schemas. */
export type ZodApp = FastifyInstance<
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
type TypedRequest<Schemas extends OperationSchemas> = Parameters<OperationHandler<Schemas>>[0];
type TypedReply<Schemas extends OperationSchemas> = Parameters<OperationHandler<Schemas>>[1];

/** A live session, as the sessions module reads it into `request.session`. */
export type SignedInSession = NonNullable<FastifyRequest["session"]>;

/**
 * What a route declares beside its operation, as data: the layer (plugins/route-policy.ts) applies it before the
 * handler runs, after the request was validated, so no handler writes a guard.
 */
export interface RoutePolicy<Request = FastifyRequest, Session = SignedInSession | null> {
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** Who may call it; a function when that depends on the request (ending one's own session is signing out). */
  readonly access: Access | ((request: Request) => Access);
  /**
   * Says the 401 before the body is validated (a preValidation hook), for routes whose every caller needs a
   * session: a caller without one learns to log in, not how the body should have looked (the hostile matrix
   * sends `{}` signed out and expects 401). Without it, a malformed body is answered 400 first. Only with an
   * access that is not a function of the request, which would read a body not yet validated.
   */
  readonly sessionBeforeBody?: boolean;
  /**
   * The counters each call counts against, checked in order once access is granted (`session` is the one access
   * checked): over any, 429 with Retry-After and `message` (the API's default otherwise), and `onRefused` told
   * which counter refused. A request the handler will refuse anyway (malformed credentials, say) may count
   * against none (`[]`), so that its refusal, not a 429, is what the caller hears and no attempt is spent.
   */
  readonly rateLimits?: {
    readonly checks: (request: Request, session: Session) => RateLimitCheck[] | Promise<RateLimitCheck[]>;
    readonly message?: string;
    readonly onRefused?: (request: Request, check: RateLimitCheck) => Promise<void>;
  };
  /** `no-store` for an answer that holds a secret or a person's data no shared cache may keep. */
  readonly cache?: "no-store";
  /**
   * Every way the handler can refuse, one entry per outcome kind (failures.ts): the handler names the kind
   * (`fail`). The operation's declared statuses are held to this table, the policy and `answersItself` when the
   * route is registered (plugins/route-policy.ts), so the document promises no status the route never answers.
   */
  readonly failures?: { readonly [kind: string]: FailureResponse };
  /**
   * The statuses the handler answers itself, beside its success, the policy's and its table's: only a status that
   * is the answer itself (a load balancer reads readiness's 503). A refusal goes through the table instead, the 401
   * of a route that reads the session itself too (`sessionEnded`). The route-policy plugin holds the contract's
   * declared statuses to these and the others.
   */
  readonly answersItself?: readonly number[];
  /** Fastify's own route options the other plugins read (`allowCrossSite`, `readsSessionItself`, ...). */
  readonly config?: FastifyContextConfig;
}

/** What the layer found before the handler ran: the session its access needed, and the instant it checked at. */
export interface Guarded<Session, Kind extends string = never> {
  /** The session; none for a route that reads it itself (`readsSessionItself`), with the data it answers. */
  readonly session: Session;
  /** The instant the step-up (and every check) was made at, the one the handler should act at too. */
  readonly now: Date;
  /** The counters this call was counted against, for a handler that gives a right guess its count back. */
  readonly countedChecks: readonly RateLimitCheck[];
  /** Answers one of the declared failures; `facts`, the failed outcome itself, fills in what its text names. */
  readonly fail: (kind: Kind, facts?: object) => FastifyReply;
}

type SessionFor<A> = A extends "anyone" ? SignedInSession | null : SignedInSession;

type GuardedHandler<Schemas extends OperationSchemas, A, Kind extends string> = (
  request: TypedRequest<Schemas>,
  reply: TypedReply<Schemas>,
  guarded: Guarded<SessionFor<A>, Kind>,
) => ReturnType<OperationHandler<Schemas>> | FastifyReply;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's declared policy, applied by plugins/route-policy.ts. */
    policy?: RoutePolicy;
  }
  interface FastifyRequest {
    /** Set by plugins/route-policy.ts once the route's policy let the request through. */
    guarded: Omit<Guarded<FastifyRequest["session"]>, "fail"> | null;
  }
}

/**
 * The status an operation answers its success with, as its contract declares it: its lowest 2xx (201 for one
 * that stores what it was sent), so that no handler sets a status itself.
 */
export function successStatusOf(operation: { schemas: OperationSchemas }) {
  const successes = Object.keys(operation.schemas.response)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return successes.length > 0 ? Math.min(...successes) : 200;
}

/**
 * Registers a module's routes from the contract's operations: each at the operation's own method and URL,
 * documented under the module's tag, with its policy declared beside it as data. The handler is handed what the
 * policy checked: the session (never null when access needs one), the instant, and the counted rate limits.
 * A success is answered with the operation's declared success status (successStatusOf).
 */
export function operationRoutes(app: ZodApp, tag: string) {
  return function route<
    Schemas extends OperationSchemas,
    A extends Access,
    Failures extends { readonly [kind: string]: FailureResponse } = Record<never, FailureResponse>,
  >(
    operation: Operation & { schemas: Schemas },
    policy: RoutePolicy<TypedRequest<Schemas>, SessionFor<A>> & {
      access: A | ((request: TypedRequest<Schemas>) => A);
      failures?: Failures;
    },
    handler: GuardedHandler<Schemas, A, Extract<keyof Failures, string>>,
  ) {
    const { config, summary, failures } = policy;
    const successStatus = successStatusOf(operation);
    app.route<RouteGenericInterface, ContextConfigDefault, Schemas>({
      method: operation.method,
      url: routeUrl(operation),
      config: { ...config, policy: policy as unknown as RoutePolicy },
      ...documented(operation, tag, summary),
      handler: (request, reply) => {
        const fail = (kind: Extract<keyof Failures, string>, facts?: object) => {
          const failure = failures?.[kind];
          if (!failure) throw new Error(`${operation.method} ${routeUrl(operation)} declares no failure ${kind}`);
          return sendFailureResponse(reply, failure, facts);
        };
        const guarded = { ...(request.guarded as Omit<Guarded<SessionFor<A>>, "fail">), fail };
        // A failure sets its own status over this one.
        if (successStatus !== 200) reply.code(successStatus);
        // A failure's reply is returned as it is: Fastify then leaves it alone. Its type is not among the schema's
        // answers, which TypeScript cannot see through a generic schema.
        return handler(request, reply, guarded) as ReturnType<OperationHandler<Schemas>>;
      },
    });
  };
}
