// Import boundaries, checked by `npm run lint` (decisions 006 and 034). Paths are relative to the repository root.

const server = "^apps/server/src/";
const modules = `${server}modules/`;

// The server's lower modules, lowest first: any module may import them, and each may import only those before it.
const baseModules = ["audit", "rate-limit", "mail", "sessions", "accounts"];

// Feature modules import lower modules freely, and one another only along these declared edges (a module name, or
// one file of it). Together they form no circle.
const featureEdges = {
  // A firm's allowed sign-in methods are checked by every sign-in (issue 44).
  auth: ["mfa", "verification", "firms/sign-in-policy.ts"],
  // A firm's Stripe events arrive through the one webhook (issue 44).
  billing: ["firms/firm-billing.ts"],
  "client-config": [],
  docs: [],
  // A firm's single sign-on is changed by its owners and admins, in its locked row and its trail (issue 55).
  "enterprise-sign-in": ["firms/caller-firm.ts", "firms/responses.ts"],
  // A handoff is refused to a session the firm's sign-in policy refuses (decision 043).
  extension: ["firms/sign-in-policy.ts", "firms/live-sessions.ts"],
  // Firm accounts (issue 44).
  firms: [],
  health: [],
  "memo-settings": [],
  metrics: [],
  // The password hashing pool sits in auth/ while it is being rebuilt on piscina; it belongs with the lower modules.
  mfa: ["auth/passwords.ts"],
  // The export gathers what each feature keeps about the account.
  privacy: ["billing", "firms", "memo-settings", "mfa", "profile/service.ts"],
  profile: [],
  retention: [],
  // SCIM provisioning (issue 55): its protocol parts import nothing of the others yet.
  scim: [],
  sso: ["auth", "verification", "firms/sign-in-policy.ts"],
  // A proven address at a firm's automatic domain joins the firm.
  verification: ["firms/domain-join.ts"],
};

const featureModules = Object.keys(featureEdges);
const anyOf = (names) => `(${names.join("|")})`;
const allowedTarget = (name) =>
  name.endsWith(".ts") ? `^${modules}${name.replaceAll(".", "\\.")}$` : `^${modules}${name}/`;

const baseRules = baseModules.map((name, index) => ({
  name: `server-base-${name}`,
  comment: `${name} is a lower module: it may import only the lower modules before it (${baseModules.slice(0, index).join(", ") || "none"}), never a feature module`,
  severity: "error",
  from: { path: `^${modules}${name}/` },
  to: { path: `^${modules}${anyOf([...baseModules.slice(index + 1), ...featureModules])}/` },
}));

const featureRules = featureModules.map((name) => ({
  name: `server-feature-${name}`,
  comment: `a feature module imports another feature module only along the edges declared in .dependency-cruiser.cjs`,
  severity: "error",
  from: { path: `^${modules}${name}/` },
  to: {
    path: `^${modules}${anyOf(featureModules)}/`,
    pathNot: [`^${modules}${name}/`, ...featureEdges[name].map(allowedTarget)],
  },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "no import circles anywhere, type-only imports included",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-web-feature-to-feature",
      comment:
        "a web feature never imports another feature: the app layer composes them, shared code lives in components, hooks, i18n and lib (decision 006)",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "no-app-to-other-app",
      comment:
        "an app imports no other app's source: what two apps share lives in a package. A test may read both sides of what two apps agree on (the page table's test builds the web app's chunks and asks the server's plugins about them); no test ships",
      severity: "error",
      from: { path: "^apps/([^/]+)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^apps/", pathNot: "^apps/$1/" },
    },
    {
      name: "no-package-to-app",
      comment: "packages sit below the apps and import none of them",
      severity: "error",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
    {
      name: "server-core-below-modules",
      comment: "lib/, db/ and config.ts are the server's lowest layer: they import no module, plugin or entry point",
      severity: "error",
      from: { path: `^${server}(lib/|db/|config\\.ts$)` },
      to: { path: `^${server}(modules/|plugins/|app\\.ts$|server\\.ts$|migrate\\.ts$)` },
    },
    {
      name: "server-modules-below-plugins",
      comment:
        "modules use no plugin but the API's error reply (plugins/errors.ts); app.ts and the plugins compose the modules",
      severity: "error",
      from: { path: `^${modules}` },
      to: {
        path: `^${server}(plugins/|app\\.ts$|server\\.ts$|migrate\\.ts$)`,
        pathNot: `^${server}plugins/errors\\.ts$`,
      },
    },
    ...baseRules,
    ...featureRules,
    {
      name: "no-unresolvable",
      comment: "every import resolves, so no rule above passes because the check could not follow an import",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: "^virtual:" },
    },
  ],
  options: {
    // The apps' and packages' sources; npm packages are leaves, not followed.
    exclude: { path: "^(apps|packages)/[^/]+/(?!src(/|$))" },
    doNotFollow: { path: "node_modules" },
    // TypeScript 7 has no JavaScript API yet, so swc reads the sources. swc keeps type-only imports: they count
    // for every rule, as they tie the files together as much as any other.
    parser: "swc",
    // The web app's "@/" paths; nothing else uses tsconfig paths.
    tsConfig: { fileName: "apps/web/tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "types", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
    cache: false,
  },
};
