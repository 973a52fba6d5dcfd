/**
 * The lint that holds decision 046: a route declares its policy (access, rate limits, cache) and its failures as
 * data beside its operation, and the layer applies them; no handler writes a guard or its own error answer.
 * It reads each module's route files with swc's parser, so a word in a comment or a string is not a call.
 *
 * Run by `npm run lint`: `node apps/server/scripts/check-route-handlers.ts`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseSync } from "@swc/core";

/** What a route file must leave to the layer (lib/operations/routes.ts, plugins/route-policy.ts). */
const LAYER_CALLS: Readonly<Record<string, string>> = {
  sendApiError: "declare the failure in the route's `failures` and answer it with `fail(kind)`",
  sendFailureResponse: "declare the failure in the route's `failures` and answer it with `fail(kind)`",
  enforceRateLimits: "declare the route's `rateLimits`",
  requireSession: 'declare `access: "signedIn"`',
  requireRecentAuthentication: 'declare `access: "recentlySignedIn"`',
};

/**
 * Route files whose answer is not an operation's JSON: their status is their answer. The health checks answer
 * 503 with a body load balancers read, and the metrics answer Prometheus's text to a scraper's bearer token.
 */
const EXEMPT = new Set(["health/routes.ts", "metrics/routes.ts"]);

export interface HandlerGuard {
  readonly line: number;
  readonly message: string;
}

/** A node of swc's syntax tree, as far as this check reads it. */
interface SyntaxNode {
  readonly type?: string;
  readonly span?: { readonly start: number };
  readonly [member: string]: unknown;
}

const isNode = (value: unknown): value is SyntaxNode => typeof value === "object" && value !== null;
const nameOf = (node: unknown) => (isNode(node) && node.type === "Identifier" ? (node.value as string) : undefined);

/** Every place in one route file's source where it does the layer's job itself. */
export function findHandlerGuards(source: string): HandlerGuard[] {
  const bytes = Buffer.from(source, "utf8");
  const found: HandlerGuard[] = [];
  // swc's spans count bytes from 1.
  const report = (node: SyntaxNode, message: string) =>
    found.push({
      line: bytes
        .subarray(0, (node.span?.start ?? 1) - 1)
        .toString("utf8")
        .split("\n").length,
      message,
    });

  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    if (
      node.type === "ImportDeclaration" &&
      (node.source as SyntaxNode).value?.toString().endsWith("sessions/operation-routes.ts")
    ) {
      report(node, "registers routes without their policy: use operationRoutes from lib/operations/routes.ts");
    }
    if (node.type === "CallExpression") {
      const callee = node.callee as SyntaxNode;
      const name = nameOf(callee);
      if (name && name in LAYER_CALLS) report(node, `calls ${name}: ${LAYER_CALLS[name]}`);
      if (callee.type === "MemberExpression") {
        const method = nameOf(callee.property);
        const receiver = bytes.subarray(
          ((callee.object as SyntaxNode).span?.start ?? 1) - 1,
          ((callee.property as SyntaxNode).span?.start ?? 1) - 1,
        );
        if ((method === "code" || method === "status") && /\breply\b/.test(receiver.toString("utf8"))) {
          report(
            node,
            `sets the status (reply.${method}): a success's comes from its operation, a failure's from its table`,
          );
        }
        const first = ((node.arguments as SyntaxNode[])[0]?.expression ?? {}) as SyntaxNode;
        if (
          method === "header" &&
          first.type === "StringLiteral" &&
          String(first.value).toLowerCase() === "cache-control"
        ) {
          report(node, 'sets cache-control: declare `cache: "no-store"`');
        }
      }
    }
    for (const [member, child] of Object.entries(node)) if (member !== "span") visit(child);
  };
  visit(parseSync(source, { syntax: "typescript" }));
  return found;
}

/** The route files of every module: `routes.ts` and `*-routes.ts`. */
export function routeFiles(modulesDirectory: string): string[] {
  return readdirSync(modulesDirectory, { recursive: true, encoding: "utf8" })
    .filter((relative) => /(^|[/-])routes\.ts$/.test(path.basename(relative)) && !EXEMPT.has(relative))
    .map((relative) => path.join(modulesDirectory, relative))
    .sort();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/modules");
  let count = 0;
  for (const fileName of routeFiles(modules)) {
    for (const guard of findHandlerGuards(readFileSync(fileName, "utf8"))) {
      count += 1;
      console.error(`${path.relative(process.cwd(), fileName)}:${guard.line}: ${guard.message}`);
    }
  }
  if (count > 0) {
    console.error(`${count} route handler(s) do the route layer's job (decision 046).`);
    process.exit(1);
  }
}
