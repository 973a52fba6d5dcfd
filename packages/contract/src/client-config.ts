import { z } from "zod/mini";
import { canadianJurisdictions } from "./legal.ts";
import { operations, withSchemas } from "./operations.ts";
import { firebaseConfigResponseSchema } from "./sso.ts";

export const appEnvironments = ["development", "staging", "production"] as const;

/**
 * The public, per-environment settings the browser app needs. The server embeds them in
 * index.html (a non-executed JSON script), so the first screen renders without a round trip.
 * Nothing secret belongs here.
 */
export const clientConfigSchema = z.object({
  appEnv: z.enum(appEnvironments),
  productName: z.string(),
  productShortName: z.string(),
  supportEmail: z.string(),
  links: z.object({
    caseLawSite: z.string(),
    documentation: z.string(),
    extension: z.string(),
    pdfTool: z.string(),
    companySite: z.string(),
    productSite: z.string(),
    professionalNetwork: z.string(),
    socialMedia: z.string(),
    extensionStore: z.string(),
    videoTutorial: z.string(),
    newsletter: z.string(),
    externalRedirect: z.string(),
  }),
  markers: z.object({
    caseLawRef: z.string(),
    caseLawAuth: z.string(),
    externalRedirectRef: z.string(),
    internal: z.string(),
  }),
  payments: z.object({
    publishableKey: z.string(),
    pricingTableId: z.string(),
  }),
  /** What `GET /api/sso/firebase` answers, here too so the sign-in buttons need no round trip. */
  sso: firebaseConfigResponseSchema,
  /**
   * The Precis extension's ids in Chrome and Edge: after a sign-in that came from the case-law site, and on
   * /greet, the portal hands each a single-use code with `chrome.runtime.sendMessage` (decision 028).
   */
  extensionIds: z.array(z.string()),
  /**
   * Who runs the service, as the Terms of Service and the Privacy Policy name it: settings that production and
   * staging must give, and that development fills with obviously fictitious samples.
   */
  operator: z.object({
    legalName: z.string(),
    postalAddress: z.string(),
    /** The province or territory whose law governs the Terms of Service, and whose courts hear disputes. */
    governingJurisdiction: z.enum(canadianJurisdictions),
    /** ISO 4217 code of the prices (`CAD`): the pages name it in their language. */
    currency: z.string(),
  }),
  /**
   * What the Privacy Policy states as configured: the person in charge of personal information (Quebec's Law 25
   * asks for their title and contact details), and how long each record is kept.
   */
  privacy: z.object({
    officerName: z.string(),
    /** A title is words, so one per language. */
    officerTitle: z.object({ en: z.string(), fr: z.string() }),
    officerEmail: z.string(),
    deletionGraceDays: z.int(),
    retentionDays: z.object({
      sessions: z.int(),
      stripePayloads: z.int(),
      auditEvents: z.int(),
      docsFeedback: z.int(),
      knownBrowsers: z.int(),
    }),
  }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** The configuration's operation with its schema (issue 41): public, so it answers no refusal of its own. */
export const clientConfigOperations = {
  getClientConfig: withSchemas(operations.getClientConfig, { response: { 200: clientConfigSchema } }),
};

export { CLIENT_CONFIG_ELEMENT_ID } from "./boot.ts";
