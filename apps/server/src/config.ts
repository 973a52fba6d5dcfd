import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { appEnvironments, type ClientConfig } from "@precis/contract/client-config";
import { canadianJurisdictions } from "@precis/contract/legal";
import { z } from "zod";
import { parseSecretKeyRing } from "./lib/secret-box.ts";

/**
 * Every setting of the server, read once from the environment at start-up.
 * Behaviour branches on APP_ENV, never on NODE_ENV (tools set NODE_ENV for their own reasons).
 * Unknown or malformed values stop start-up with one line per problem.
 */

/**
 * A browser stays known this long after its last sign-in (its cookie's life; the retention job forgets it then).
 * Fixed, not a setting: the privacy notice shows it (client config, privacy.retentionDays).
 */
export const KNOWN_DEVICE_DAYS = 365;

/** Development's enterprise key ring: in this file for anyone to read, so no other environment may use it. */
const DEVELOPMENT_ENTERPRISE_SECRET_KEYS = parseSecretKeyRing(
  `1:${Buffer.from("precis-development-only-sso-key!").toString("base64")}`,
);

const url = z.url({ protocol: /^https?$/ });
/** A link shown in the app: an absolute http(s) address or a path of this site. */
const link = z.union([url, z.string().regex(/^\/[^/\\]/, "must be an http(s) address or a path starting with /")]);
const optionalSecret = z.string().min(1).optional();
const positiveInt = z.coerce.number().int().positive();
const commaList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** A DNS server as node:dns's setServers takes it: an IP address, with a port after it (an IPv6 one in brackets). */
function isDnsServerAddress(entry: string) {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|(\d{1,3}(?:\.\d{1,3}){3}))(?::(\d{1,5}))?$/.exec(entry);
  if (!match) return false;
  const port = match[3] === undefined ? 53 : Number(match[3]);
  return isIP(match[1] ?? match[2] ?? "") !== 0 && port >= 1 && port <= 65_535;
}

/** A DNS name such as "mail.utoronto.ca": labels of letters, digits and inner hyphens, and a top-level domain. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The default academic domains, kept as data beside the verification module (comments and blank lines skipped). */
const defaultAcademicEmailDomains = () =>
  readFileSync(new URL("./modules/verification/academic-email-domains.txt", import.meta.url), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));

const DEFAULT_PORT = 8081;

/**
 * What the Terms of Service and the Privacy Policy say about who runs the service. Every environment but
 * development must give each one: a public page must never name a made-up company as the party to a contract.
 * Development shows these samples instead, fictitious at a glance, so nobody mistakes a local copy's pages for
 * real ones.
 */
const DEVELOPMENT_LEGAL_SAMPLES = {
  // Read by English and French readers alike: "sample" and « exemple fictif » both say what it is.
  OPERATOR_LEGAL_NAME: "Exemple Précis Inc. (sample · exemple fictif)",
  OPERATOR_ADDRESS: "1 Sample Street (fictitious · fictive), Montréal QC H0H 0H0, Canada",
  GOVERNING_LAW_PROVINCE: "QC",
  CURRENCY: "CAD",
  PRIVACY_OFFICER_NAME: "Alex Exemple (sample · exemple fictif)",
  PRIVACY_OFFICER_TITLE_EN: "Privacy Officer (sample)",
  PRIVACY_OFFICER_TITLE_FR: "Responsable de la protection des renseignements personnels (exemple)",
} as const;
/** PRIVACY_EMAIL too: in development the support address stands in for it. */
const LEGAL_SETTINGS = [
  ...(Object.keys(DEVELOPMENT_LEGAL_SAMPLES) as (keyof typeof DEVELOPMENT_LEGAL_SAMPLES)[]),
  "PRIVACY_EMAIL",
] as const;

/** A name, address or title the legal pages print: one line, and no square bracket, a template's mark. */
const legalText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^[\]\n]*$/, "must be one line of text, without square brackets");

const environmentSchema = z
  .object({
    /** Unset means development, which only a loopback HOST may run as (checked below). */
    APP_ENV: z.enum(appEnvironments).optional(),
    HOST: z.string().min(1).default("localhost"),
    PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
    /** Unset: the address this server listens on, at localhost (`PORT=3000 npm start` then works at :3000). */
    PUBLIC_URL: url.optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * The proxies in front of this server, whose X-Forwarded-For is believed: a number of hops, or their
     * addresses (IPs or CIDR ranges, comma-separated). Never "true", which would let any client name its own
     * address and so slip past the per-address limits.
     */
    TRUST_PROXY: z
      .string()
      .default("false")
      .transform((value, ctx) => {
        const trimmed = value.trim().toLowerCase();
        if (trimmed === "false" || trimmed === "0") return false as const;
        if (/^\d+$/.test(trimmed)) return Number(trimmed);
        const addresses = trimmed
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean);
        if (trimmed === "true" || addresses.some((address) => !isIP(address.split("/")[0] ?? ""))) {
          ctx.addIssue({
            code: "custom",
            message: "must be a number of proxy hops or a comma-separated list of proxy addresses (never true)",
          });
          return z.NEVER;
        }
        return addresses;
      }),
    BODY_LIMIT_BYTES: positiveInt.max(10 * 1024 * 1024).default(256 * 1024),
    /**
     * Seconds between SIGTERM and closing the listener, while /api/ready answers 503 and requests are still served:
     * at least the load balancer's check interval times its unhealthy threshold (README, "Running several instances").
     * Unset: 10, or 0 in development, where no load balancer waits and tools stop servers with SIGTERM.
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).optional(),
    /** Turns on GET /api/metrics for a scraper that sends it as a bearer token; long enough not to be guessed. */
    METRICS_TOKEN: z.string().min(32, "must be at least 32 characters (for example `openssl rand -hex 32`)").optional(),
    /** Serves the API reference (/api/docs, /api/openapi.json); unset, everywhere but production (issue 42). */
    API_DOCS: z.stringbool().optional(),

    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_MAX: positiveInt.max(200).default(10),
    DATA_DIR: z.string().min(1).default("./data"),
    WEB_DIST_DIR: z.string().min(1).optional(),
    WEB_SSR_DIR: z.string().min(1).optional(),

    CORS_ORIGINS: commaList.pipe(
      z.array(
        z
          .string()
          .regex(
            /^(https?|chrome-extension|moz-extension):\/\/[^/\s]+$/,
            "must be origins like chrome-extension://<id>",
          ),
      ),
    ),

    /**
     * The Precis extension's ids in Chrome and Edge (32 letters a–p each): the portal hands a signed-in session
     * to these only (decision 028), and their origins may call the API like CORS_ORIGINS.
     */
    EXTENSION_IDS: commaList.pipe(z.array(z.string().regex(/^[a-p]{32}$/, "must be extension ids: 32 letters a to p"))),

    PRODUCT_NAME: z.string().min(1).max(40).default("Precis"),
    PRODUCT_SHORT_NAME: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9]{0,19}$/, "must be letters and digits (it becomes part of URLs)")
      .default("Precis"),
    SUPPORT_EMAIL: z.email().default("support@precis.example"),
    /** The privacy officer's address in the Privacy Policy; in development, the support address when unset. */
    PRIVACY_EMAIL: z.email().optional(),
    // The legal pages' settings (DEVELOPMENT_LEGAL_SAMPLES): required outside development, checked below.
    OPERATOR_LEGAL_NAME: legalText(200).optional(),
    OPERATOR_ADDRESS: legalText(300).optional(),
    GOVERNING_LAW_PROVINCE: z
      .enum(canadianJurisdictions, {
        error: `must be a province or territory code: ${canadianJurisdictions.join(", ")}`,
      })
      .optional(),
    CURRENCY: z
      .string()
      .refine((code) => Intl.supportedValuesOf("currency").includes(code), "must be an ISO 4217 code such as CAD")
      .optional(),
    PRIVACY_OFFICER_NAME: legalText(120).optional(),
    PRIVACY_OFFICER_TITLE_EN: legalText(160).optional(),
    PRIVACY_OFFICER_TITLE_FR: legalText(160).optional(),
    MAIL_FROM: z.string().min(3).default("Precis <no-reply@precis.example>"),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),

    CASE_LAW_SITE_URL: url.default("https://www.canlii.org/en/"),
    DOCUMENTATION_URL: link.default("/document"),
    EXTENSION_URL: link.default("https://chromewebstore.google.com/search/precis"),
    PDF_TOOL_URL: link.default("https://pdf.precis.example/"),
    COMPANY_SITE_URL: link.default("https://www.precis.example/company"),
    PRODUCT_SITE_URL: link.default("https://www.precis.example/"),
    PROFESSIONAL_NETWORK_URL: link.default("https://www.linkedin.com/company/precis"),
    SOCIAL_MEDIA_URL: link.default("https://x.com/precis"),
    EXTENSION_STORE_URL: link.default("https://chromewebstore.google.com/search/precis"),
    VIDEO_TUTORIAL_URL: link.default("/video-document"),
    NEWSLETTER_URL: link.default("https://www.precis.example/newsletter"),
    EXTERNAL_REDIRECT_URL: link.default("https://www.precis.example/"),

    CASE_LAW_REF_MARKER: z.string().min(1).max(64).default("canlii"),
    CASE_LAW_AUTH_MARKER: z.string().min(1).max(64).default("canlii-auth"),
    EXTERNAL_REDIRECT_REF: z.string().min(1).max(64).default("robin"),
    INTERNAL_MARKER: z.string().min(1).max(64).default("registered"),

    SESSION_IDLE_DAYS: positiveInt.max(365).default(30),
    SESSION_ABSOLUTE_DAYS: positiveInt.max(3650).default(180),

    RATE_LIMIT_WINDOW_MINUTES: positiveInt.max(1440).default(15),
    AUTH_MAX_PER_IP: positiveInt.default(100),
    LOGIN_MAX_PER_ACCOUNT: positiveInt.default(10),
    ACCOUNT_MAX_FAILURES_ALL_ADDRESSES: positiveInt.default(100),
    RESET_MAX_PER_ACCOUNT: positiveInt.default(5),
    REGISTER_MAX_PER_IP: positiveInt.default(20),
    RESET_CODE_TTL_MINUTES: positiveInt.max(60).default(15),
    VERIFY_RESEND_MAX_PER_ACCOUNT: positiveInt.default(5),
    ACCOUNT_DELETION_GRACE_DAYS: positiveInt.max(365).default(30),
    RETENTION_SESSIONS_DAYS: positiveInt.max(3650).default(30),
    RETENTION_STRIPE_PAYLOAD_DAYS: positiveInt.max(3650).default(30),
    // Beyond Stripe's own reach: it retries a delivery for up to three days and lists events for 30, so an
    // event older than this can no longer arrive again, and its id no longer needs remembering against replays.
    RETENTION_STRIPE_EVENTS_DAYS: positiveInt.max(3650).default(90),
    // The outbox's record of an email (recipient, subject, dates), kept to answer "did you send it?".
    RETENTION_MAIL_DAYS: positiveInt.max(3650).default(30),
    AUDIT_RETENTION_DAYS: positiveInt.max(3650).default(365),
    RETENTION_DOCS_FEEDBACK_DAYS: positiveInt.max(3650).default(730),
    ACADEMIC_EMAIL_DOMAINS: z
      .string()
      .optional()
      .transform((value) =>
        value === undefined
          ? defaultAcademicEmailDomains()
          : value
              .split(",")
              .map((item) => item.trim().toLowerCase())
              .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(DOMAIN_PATTERN, "each entry must be a domain such as utoronto.ca")).min(1)),

    /**
     * 32 bytes, base64 or hex: the key that encrypts the authenticator apps' shared secrets at rest (they must be
     * readable to check codes, so they cannot be hashed). Required in every environment but development,
     * where a fixed key stands in.
     */
    MFA_ENCRYPTION_KEY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === "") return undefined;
        const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
        if (key.length !== 32) {
          ctx.addIssue({ code: "custom", message: "must be 32 bytes, as 64 hex digits or 44 base64 characters" });
          return z.NEVER;
        }
        return key;
      }),
    /**
     * The ring of versioned 32-byte keys that seal the secrets the server must read back, a firm's OpenID Connect
     * client secret among them (lib/secret-box.ts): "2:<key>,1:<key>", the highest version sealing, every one still
     * opening what it sealed, so a key rotates without an outage. Required in every environment but development,
     * where a fixed ring stands in.
     */
    ENTERPRISE_SECRET_KEYS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === "") return undefined;
        try {
          return parseSecretKeyRing(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
    STRIPE_SECRET_KEY: optionalSecret,
    STRIPE_WEBHOOK_SECRET: optionalSecret,
    STRIPE_PUBLISHABLE_KEY: z.string().default(""),
    STRIPE_PRICING_TABLE_ID: z.string().default(""),
    /** The firm plan's price (issue 44): a firm's Checkout buys this price with the seat count as its quantity. */
    STRIPE_FIRM_PRICE_ID: z.string().default(""),
    STRIPE_PORTAL_URL: link.optional(),
    /** Where the Stripe client sends API calls; only for a local stand-in (tests, stripe-mock). */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    FACULTY_GETS_STUDENT_ACCESS: z.stringbool().default(true),
    MEMO_MONTHLY_LIMIT_TRIAL: z.coerce.number().int().nonnegative().optional(),
    MEMO_MONTHLY_LIMIT_STUDENT: z.coerce.number().int().nonnegative().optional(),
    MEMO_MONTHLY_LIMIT_SUBSCRIPTION: z.coerce.number().int().nonnegative().optional(),
    MEMO_MONTHLY_LIMIT_FIRM: z.coerce.number().int().nonnegative().optional(),

    FIREBASE_PROJECT_ID: z.string().default(""),
    FIREBASE_API_KEY: z.string().default(""),
    FIREBASE_AUTH_DOMAIN: z.string().default(""),
    /** Google's published key set; only tests point it at a local stand-in. */
    FIREBASE_JWKS_URL: url.default(
      "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com",
    ),
    FIREBASE_AUTH_EMULATOR_HOST: z
      .string()
      .regex(/^[\w.-]+:\d+$/, "must be host:port")
      .optional(),
    /**
     * The DNS servers that check the firms' domain proofs (decision 038), `host:port` each (an IP address: the
     * resolver takes no names); unset, the system's own.
     */
    DNS_RESOLVERS: commaList.pipe(
      z.array(
        z
          .string()
          .refine(
            isDnsServerAddress,
            "each entry must be a DNS server's IP address with an optional port, such as 127.0.0.1:5353 or [::1]:53",
          ),
      ),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.SESSION_ABSOLUTE_DAYS < env.SESSION_IDLE_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_ABSOLUTE_DAYS"],
        message: "must not be shorter than SESSION_IDLE_DAYS",
      });
    }
    // Development means non-Secure cookies, the emulator's unsigned tokens and mail written to files: fine on
    // this machine's loopback, never as the silent default of a server others can reach.
    if (!env.APP_ENV && !isLoopbackHost(env.HOST)) {
      ctx.addIssue({
        code: "custom",
        path: ["APP_ENV"],
        message: `must be set when HOST is not a loopback address (HOST=${env.HOST}): development, staging or production`,
      });
    }
    if (env.FIREBASE_AUTH_EMULATOR_HOST && env.APP_ENV && env.APP_ENV !== "development") {
      ctx.addIssue({
        code: "custom",
        path: ["FIREBASE_AUTH_EMULATOR_HOST"],
        message: `must not be set when APP_ENV=${env.APP_ENV} (emulator tokens are unsigned; only development takes them)`,
      });
    }
    // The fixed development key is in this file for anyone to read: a staging database holding it would hold
    // secrets anyone could decrypt, and staging data has a way of being real people's.
    if (env.APP_ENV && env.APP_ENV !== "development" && !env.MFA_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["MFA_ENCRYPTION_KEY"],
        message: `is required when APP_ENV=${env.APP_ENV}: only development may use the built-in key`,
      });
    }
    // The same for the enterprise key ring: the development ring below is public.
    if (env.APP_ENV && env.APP_ENV !== "development" && !env.ENTERPRISE_SECRET_KEYS) {
      ctx.addIssue({
        code: "custom",
        path: ["ENTERPRISE_SECRET_KEYS"],
        message: `is required when APP_ENV=${env.APP_ENV}: only development may use the built-in key ring`,
      });
    }
    // The Terms of Service and the Privacy Policy name the operator, the law that governs them and the privacy
    // officer (Law 25): a public site must state the real ones, and staging is public to someone.
    if (env.APP_ENV && env.APP_ENV !== "development") {
      for (const name of LEGAL_SETTINGS) {
        if (env[name]) continue;
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is required when APP_ENV=${env.APP_ENV}: the Terms of Service and the Privacy Policy state it (only development shows a fictitious sample)`,
        });
      }
    }
    if (env.APP_ENV !== "production") return;
    // Production holds real people's data and money: refuse to start half-configured.
    const requiredInProduction = [
      "DATABASE_URL",
      "SMTP_URL",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "PUBLIC_URL",
    ] as const;
    for (const name of requiredInProduction) {
      if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when APP_ENV=production" });
    }
    if (env.STRIPE_API_URL) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_API_URL"], message: "must not be set when APP_ENV=production" });
    }
    if (env.PUBLIC_URL && !env.PUBLIC_URL.startsWith("https://")) {
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "must be https:// when APP_ENV=production" });
    }
  });

export type Environment = z.infer<typeof environmentSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const isLoopbackHost = (host: string) =>
  host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

function buildConfig(env: Environment) {
  const appEnv = env.APP_ENV ?? "development";
  const isProduction = appEnv === "production";
  const isDevelopment = appEnv === "development";
  const webDistDir = path.resolve(env.WEB_DIST_DIR ?? new URL("../../web/dist", import.meta.url).pathname);
  const webSsrDir = path.resolve(env.WEB_SSR_DIR ?? new URL("../../web/dist-ssr", import.meta.url).pathname);
  const client: ClientConfig = {
    appEnv,
    productName: env.PRODUCT_NAME,
    productShortName: env.PRODUCT_SHORT_NAME,
    supportEmail: env.SUPPORT_EMAIL,
    links: {
      caseLawSite: env.CASE_LAW_SITE_URL,
      documentation: env.DOCUMENTATION_URL,
      extension: env.EXTENSION_URL,
      pdfTool: env.PDF_TOOL_URL,
      companySite: env.COMPANY_SITE_URL,
      productSite: env.PRODUCT_SITE_URL,
      professionalNetwork: env.PROFESSIONAL_NETWORK_URL,
      socialMedia: env.SOCIAL_MEDIA_URL,
      extensionStore: env.EXTENSION_STORE_URL,
      videoTutorial: env.VIDEO_TUTORIAL_URL,
      newsletter: env.NEWSLETTER_URL,
      externalRedirect: env.EXTERNAL_REDIRECT_URL,
    },
    markers: {
      caseLawRef: env.CASE_LAW_REF_MARKER,
      caseLawAuth: env.CASE_LAW_AUTH_MARKER,
      externalRedirectRef: env.EXTERNAL_REDIRECT_REF,
      internal: env.INTERNAL_MARKER,
    },
    payments: { publishableKey: env.STRIPE_PUBLISHABLE_KEY, pricingTableId: env.STRIPE_PRICING_TABLE_ID },
    sso:
      env.FIREBASE_PROJECT_ID && env.FIREBASE_API_KEY && env.FIREBASE_AUTH_DOMAIN
        ? {
            isConfigured: true,
            firebaseConfig: {
              apiKey: env.FIREBASE_API_KEY,
              authDomain: env.FIREBASE_AUTH_DOMAIN,
              projectId: env.FIREBASE_PROJECT_ID,
            },
            ...(env.FIREBASE_AUTH_EMULATOR_HOST && isDevelopment
              ? { emulatorUrl: `http://${env.FIREBASE_AUTH_EMULATOR_HOST}` }
              : {}),
          }
        : { isConfigured: false },
    extensionIds: env.EXTENSION_IDS,
    operator: {
      legalName: env.OPERATOR_LEGAL_NAME ?? DEVELOPMENT_LEGAL_SAMPLES.OPERATOR_LEGAL_NAME,
      postalAddress: env.OPERATOR_ADDRESS ?? DEVELOPMENT_LEGAL_SAMPLES.OPERATOR_ADDRESS,
      governingJurisdiction: env.GOVERNING_LAW_PROVINCE ?? DEVELOPMENT_LEGAL_SAMPLES.GOVERNING_LAW_PROVINCE,
      currency: env.CURRENCY ?? DEVELOPMENT_LEGAL_SAMPLES.CURRENCY,
    },
    privacy: {
      officerName: env.PRIVACY_OFFICER_NAME ?? DEVELOPMENT_LEGAL_SAMPLES.PRIVACY_OFFICER_NAME,
      officerTitle: {
        en: env.PRIVACY_OFFICER_TITLE_EN ?? DEVELOPMENT_LEGAL_SAMPLES.PRIVACY_OFFICER_TITLE_EN,
        fr: env.PRIVACY_OFFICER_TITLE_FR ?? DEVELOPMENT_LEGAL_SAMPLES.PRIVACY_OFFICER_TITLE_FR,
      },
      officerEmail: env.PRIVACY_EMAIL ?? env.SUPPORT_EMAIL,
      deletionGraceDays: env.ACCOUNT_DELETION_GRACE_DAYS,
      retentionDays: {
        sessions: env.RETENTION_SESSIONS_DAYS,
        stripePayloads: env.RETENTION_STRIPE_PAYLOAD_DAYS,
        auditEvents: env.AUDIT_RETENTION_DAYS,
        docsFeedback: env.RETENTION_DOCS_FEEDBACK_DAYS,
        knownBrowsers: KNOWN_DEVICE_DAYS,
      },
    },
  };
  return {
    env: appEnv,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    // PORT=0 (a free port, chosen at listen time) has no address yet: the default port stands in.
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT || DEFAULT_PORT}`,
    // Only development (and so the tests) may fall back to a key everyone can read in this file.
    mfaEncryptionKey: env.MFA_ENCRYPTION_KEY ?? Buffer.from("precis-development-only-mfa-key!"),
    // Only development (and so the tests) may fall back to a ring everyone can read in this file.
    enterpriseSecretKeys: env.ENTERPRISE_SECRET_KEYS ?? DEVELOPMENT_ENTERPRISE_SECRET_KEYS,
    logLevel: env.LOG_LEVEL,
    // A hop count becomes proxy-addr's rule for it: believe the nearest `hops` addresses of the chain.
    trustProxy:
      typeof env.TRUST_PROXY === "number"
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(env.TRUST_PROXY)
        : env.TRUST_PROXY,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    shutdownDrainMs: (env.SHUTDOWN_DRAIN_SECONDS ?? (isDevelopment ? 0 : 10)) * 1000,
    metrics: { token: env.METRICS_TOKEN },
    // A production site does not publish its whole attack surface unless its operators choose to.
    servesApiDocs: env.API_DOCS ?? !isProduction,
    database: { url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX },
    dataDir: path.resolve(env.DATA_DIR),
    webDistDir,
    webSsrDir,
    corsOrigins: [...env.CORS_ORIGINS, ...env.EXTENSION_IDS.map((id) => `chrome-extension://${id}`)],
    extensionIds: env.EXTENSION_IDS,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    session: { idleDays: env.SESSION_IDLE_DAYS, absoluteDays: env.SESSION_ABSOLUTE_DAYS },
    rateLimits: {
      windowSeconds: env.RATE_LIMIT_WINDOW_MINUTES * 60,
      authPerIp: env.AUTH_MAX_PER_IP,
      loginPerAccount: env.LOGIN_MAX_PER_ACCOUNT,
      perAccountAllAddresses: env.ACCOUNT_MAX_FAILURES_ALL_ADDRESSES,
      resetPerAccount: env.RESET_MAX_PER_ACCOUNT,
      registerPerIp: env.REGISTER_MAX_PER_IP,
    },
    resetCodeTtlMinutes: env.RESET_CODE_TTL_MINUTES,
    privacy: { deletionGraceDays: env.ACCOUNT_DELETION_GRACE_DAYS },
    /** Days each kind of record is kept once it is over (README, "Retention"). */
    retention: {
      sessions: env.RETENTION_SESSIONS_DAYS,
      stripePayloads: env.RETENTION_STRIPE_PAYLOAD_DAYS,
      stripeEvents: env.RETENTION_STRIPE_EVENTS_DAYS,
      mail: env.RETENTION_MAIL_DAYS,
      auditEvents: env.AUDIT_RETENTION_DAYS,
      docsFeedback: env.RETENTION_DOCS_FEEDBACK_DAYS,
    },
    verification: {
      resendPerAccount: env.VERIFY_RESEND_MAX_PER_ACCOUNT,
      academicEmailDomains: env.ACADEMIC_EMAIL_DOMAINS,
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      portalUrl: env.STRIPE_PORTAL_URL,
      apiUrl: env.STRIPE_API_URL,
      firmPriceId: env.STRIPE_FIRM_PRICE_ID,
    },
    entitlements: {
      facultyGetsStudentAccess: env.FACULTY_GETS_STUDENT_ACCESS,
      // Unset means unlimited, as SPEC says memo generation is today.
      memoMonthlyLimits: {
        trial: env.MEMO_MONTHLY_LIMIT_TRIAL ?? null,
        student: env.MEMO_MONTHLY_LIMIT_STUDENT ?? null,
        subscription: env.MEMO_MONTHLY_LIMIT_SUBSCRIPTION ?? null,
        firm: env.MEMO_MONTHLY_LIMIT_FIRM ?? null,
        none: 0,
        unverified: 0,
      },
    },
    dns: { resolvers: env.DNS_RESOLVERS },
    firebase: {
      projectId: env.FIREBASE_PROJECT_ID,
      apiKey: env.FIREBASE_API_KEY,
      authDomain: env.FIREBASE_AUTH_DOMAIN,
      // The emulator's tokens are unsigned: only development ever takes them.
      emulatorHost: isDevelopment ? env.FIREBASE_AUTH_EMULATOR_HOST : undefined,
      jwksUrl: env.FIREBASE_JWKS_URL,
    },
    client,
  };
}

export type AppConfig = ReturnType<typeof buildConfig>;

/**
 * The configuration for a command that starts from it (the server, `npm run db:migrate`): a bad environment ends
 * the process with every problem named and EX_CONFIG (78), which tells a supervisor not to restart it unchanged.
 */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
}

/** Parses the environment; throws one ConfigError that names every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set": shells and .env files often leave `NAME=` behind.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const [variable, index] = issue.path;
        const name = variable === undefined ? "(environment)" : String(variable);
        // A list's bad entry is named by itself ("ACADEMIC_EMAIL_DOMAINS: … (got "utoronto")").
        const value =
          typeof index === "number"
            ? present[name]
                ?.split(",")
                .map((item) => item.trim())
                .filter(Boolean)[index]
            : present[name];
        const shown = value === undefined || /SECRET|KEY|URL|TOKEN/.test(name) ? "" : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  return buildConfig(parsed.data);
}
