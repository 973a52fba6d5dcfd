import { existsSync } from "node:fs";
import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { compiledServerEntry } from "../../apps/server/test/compiled-server.ts";
import { findFreePort } from "../../apps/server/test/free-ports.ts";
import { startSmtpServer } from "../../apps/server/test/smtp.ts";
import { startAppServer } from "./app-server.ts";
import { startAuthEmulator } from "./auth-emulator.ts";
import { startSuiteDnsServer } from "./dns-server.ts";

/** The webhook secret of the browser suite's server: tests sign Stripe events with it. */
export const E2E_STRIPE_WEBHOOK_SECRET = "whsec_e2e_local";
export const E2E_STRIPE_FIRM_PRICE_ID = "price_e2e_firm_seat";
/** The privacy officer's address and the documentation feedback's retention on the browser suite's server. */
export const E2E_PRIVACY_EMAIL = "privacy-officer@precis.example";
export const E2E_DOCS_FEEDBACK_RETENTION_DAYS = 400;
/** Who the browser suite's server says runs it: not development's samples, so the test sees settings reach the pages. */
export const E2E_LEGAL_SETTINGS = {
  OPERATOR_LEGAL_NAME: "Cabinet Témoin Ltée",
  OPERATOR_ADDRESS: "500 Grande Allée Est, Québec QC G1R 2J7",
  GOVERNING_LAW_PROVINCE: "ON",
  CURRENCY: "USD",
  PRIVACY_OFFICER_NAME: "Jeanne Dupré",
  PRIVACY_OFFICER_TITLE_EN: "Chief Privacy Officer",
  PRIVACY_OFFICER_TITLE_FR: "Cheffe de la protection des renseignements personnels",
} as const;

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxDir: string;
    /** The suite's SMTP server, for a test file's own server (app-server.ts) to mail its codes to. */
    smtpUrl: string;
    authEmulatorUrl: string;
    /** Where a test publishes a TXT record for the shared server's DNS lookups (dns-server.ts). */
    dnsControlUrl: string;
  }
}

/**
 * Starts the compiled server (built app, real HTTP; app-server.ts says where its data lives) once for the whole
 * browser suite, exactly as `npm start` would, and stops it afterwards. The Firebase Auth Emulator
 * starts beside it (its address is known at once, so neither waits for the other) and the server
 * trusts its tokens, as `npm run dev:sso` does.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(repoRoot, "apps/web/dist/index.html")) || !existsSync(compiledServerEntry)) {
    throw new Error("The app is not built: run `npm run build` first (npm test does it for you).");
  }
  const authEmulator = await startAuthEmulator({ quiet: true });
  // A real SMTP server: every message it receives becomes a JSON file the tests can read.
  const mailboxDir = await mkdtemp(path.join(tmpdir(), "precis-e2e-mailbox-"));
  let mailCount = 0;
  const smtp = await startSmtpServer(0, async (mail) => {
    mailCount += 1;
    // Written aside, then renamed into place: a test polling the folder never reads half a message.
    const name = `${Date.now()}-${mailCount}.json`;
    await writeFile(path.join(mailboxDir, `${name}.partial`), JSON.stringify(mail));
    await rename(path.join(mailboxDir, `${name}.partial`), path.join(mailboxDir, name));
  });
  const dns = await startSuiteDnsServer();
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const starting = startAppServer({
    port,
    publicUrl: baseUrl,
    env: {
      SMTP_URL: smtp.url,
      DNS_RESOLVERS: dns.resolverAddress,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
      STRIPE_PRICING_TABLE_ID: "prctbl_e2e",
      // The firm plan's price: a subscription's events reach a firm only at this price (issue 53).
      STRIPE_FIRM_PRICE_ID: E2E_STRIPE_FIRM_PRICE_ID,
      // Not the defaults, so the Privacy Policy's browser test sees the configured values reach the page.
      PRIVACY_EMAIL: E2E_PRIVACY_EMAIL,
      RETENTION_DOCS_FEEDBACK_DAYS: String(E2E_DOCS_FEEDBACK_RETENTION_DAYS),
      ...E2E_LEGAL_SETTINGS,
      FIREBASE_AUTH_EMULATOR_HOST: authEmulator.host,
      FIREBASE_PROJECT_ID: authEmulator.projectId,
      FIREBASE_API_KEY: "demo-api-key",
      FIREBASE_AUTH_DOMAIN: `${authEmulator.projectId}.firebaseapp.com`,
    },
  });
  const [server] = await Promise.all([starting, authEmulator.ready]).catch(async (error) => {
    await Promise.all([
      starting.then(
        (started) => started.stop(),
        () => {},
      ),
      authEmulator.stop(),
    ]);
    throw error;
  });
  project.provide("baseUrl", baseUrl);
  project.provide("mailboxDir", mailboxDir);
  project.provide("smtpUrl", smtp.url);
  project.provide("authEmulatorUrl", authEmulator.url);
  project.provide("dnsControlUrl", dns.controlUrl);

  return async () => {
    await Promise.all([server.stop(), authEmulator.stop()]);
    await smtp.close();
    await dns.close();
    await rm(mailboxDir, { recursive: true, force: true });
  };
}
