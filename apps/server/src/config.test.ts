import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function problemsOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

/** What the Terms of Service and the Privacy Policy state about the operator: required outside development. */
const legalSettings = {
  OPERATOR_LEGAL_NAME: "Cabinet Témoin Ltée",
  OPERATOR_ADDRESS: "500 Grande Allée Est, Québec QC G1R 2J7",
  GOVERNING_LAW_PROVINCE: "ON",
  CURRENCY: "CAD",
  PRIVACY_EMAIL: "vie-privee@temoin.example",
  PRIVACY_OFFICER_NAME: "Jeanne Dupré",
  PRIVACY_OFFICER_TITLE_EN: "Chief Privacy Officer",
  PRIVACY_OFFICER_TITLE_FR: "Responsable de la protection des renseignements personnels",
};
const legalSettingNames = Object.keys(legalSettings).sort();
const stagingRing = `1:${"cd".repeat(32)}`;
/** What staging must be given beside the legal settings: its own keys. */
const stagingSecrets = {
  ...legalSettings,
  APP_ENV: "staging",
  MFA_ENCRYPTION_KEY: "ab".repeat(32),
  ENTERPRISE_SECRET_KEYS: stagingRing,
};

const productionSecrets = {
  ...legalSettings,
  APP_ENV: "production",
  PUBLIC_URL: "https://portal.precis.example",
  DATABASE_URL: "postgres://precis@db.internal:5432/precis",
  SMTP_URL: "smtp://mail.internal:587",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  MFA_ENCRYPTION_KEY: "9f".repeat(32),
  ENTERPRISE_SECRET_KEYS: `1:${"9e".repeat(32)}`,
};

describe("loadConfig", () => {
  it("starts a fresh development machine with no variables at all", () => {
    const config = loadConfig({});
    expect(config.env).toBe("development");
    expect(config.port).toBe(8081);
    expect(config.database.url).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.client.productName).toBe("Precis");
    expect(config.client.markers.caseLawAuth).toBe("canlii-auth");
    expect(config.client.markers.externalRedirectRef).toBe("robin");
    expect(config.session).toEqual({ idleDays: 30, absoluteDays: 180 });
  });

  it("names every bad variable at once, one line each", () => {
    const problems = problemsOf({
      APP_ENV: "prod",
      PORT: "eighty",
      CASE_LAW_SITE_URL: "javascript:alert(1)",
      LOG_LEVEL: "loud",
    });
    expect(problems).toHaveLength(4);
    for (const name of ["APP_ENV", "PORT", "CASE_LAW_SITE_URL", "LOG_LEVEL"]) {
      expect(problems.some((line) => line.startsWith(`${name}:`))).toBe(true);
    }
  });

  it("ships the academic domains of every Canadian law faculty, and takes a list of its own", () => {
    const defaults = loadConfig({}).verification.academicEmailDomains;
    expect(defaults).toHaveLength(new Set(defaults).size);
    for (const domain of ["utoronto.ca", "yorku.ca", "mcgill.ca", "ulaval.ca", "ubc.ca", "myumanitoba.ca", "tru.ca"]) {
      expect(defaults).toContain(domain);
    }
    expect(
      loadConfig({ ACADEMIC_EMAIL_DOMAINS: " Law.Example.EDU , uni.ca" }).verification.academicEmailDomains,
    ).toEqual(["law.example.edu", "uni.ca"]);
  });

  it("stops on an academic domain entry that is not a domain, naming it", () => {
    expect(problemsOf({ ACADEMIC_EMAIL_DOMAINS: "utoronto.ca,@mcgill.ca" })).toEqual([
      'ACADEMIC_EMAIL_DOMAINS: each entry must be a domain such as utoronto.ca (got "@mcgill.ca")',
    ]);
    expect(problemsOf({ ACADEMIC_EMAIL_DOMAINS: "utoronto" })).toHaveLength(1);
  });

  it("trusts a number of proxy hops or a list of proxy addresses, and never any client's word", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.1.0.0/16" }).trustProxy).toEqual(["10.0.0.1", "10.1.0.0/16"]);
    const hops = loadConfig({ TRUST_PROXY: "2" }).trustProxy;
    expect(typeof hops === "function" && [0, 1, 2].map((hop) => hops("10.0.0.1", hop))).toEqual([true, true, false]);
    for (const value of ["true", "yes", "10.0.0.1,proxy.internal"]) {
      expect(problemsOf({ TRUST_PROXY: value })[0]).toMatch(/^TRUST_PROXY: must be a number of proxy hops/);
    }
  });

  it("never echoes a secret-looking value in its message", () => {
    const problems = problemsOf({ DATABASE_URL: "mysql://root:hunter2@db/x" });
    expect(problems.join("\n")).not.toContain("hunter2");
  });

  it("ignores NODE_ENV: behaviour follows APP_ENV only", () => {
    expect(loadConfig({ NODE_ENV: "production" }).isProduction).toBe(false);
    expect(loadConfig({ ...productionSecrets, NODE_ENV: "development" }).isProduction).toBe(true);
  });

  it("refuses to start production without its secrets", () => {
    const problems = problemsOf({ APP_ENV: "production" });
    expect(problems.map((line) => line.split(":")[0]).sort()).toEqual(
      [
        "DATABASE_URL",
        "ENTERPRISE_SECRET_KEYS",
        "MFA_ENCRYPTION_KEY",
        "PUBLIC_URL",
        "SMTP_URL",
        "STRIPE_SECRET_KEY",
        "STRIPE_WEBHOOK_SECRET",
        ...legalSettingNames,
      ].sort(),
    );
    expect(loadConfig(productionSecrets).isProduction).toBe(true);
  });

  it("takes the authenticator apps' encryption key as 32 bytes of hex or base64, and names a wrong one", () => {
    expect(loadConfig({ MFA_ENCRYPTION_KEY: "ab".repeat(32) }).mfaEncryptionKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ MFA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") }).mfaEncryptionKey).toEqual(
      Buffer.alloc(32, 7),
    );
    expect(problemsOf({ MFA_ENCRYPTION_KEY: "too-short" })[0]).toMatch(/^MFA_ENCRYPTION_KEY: must be 32 bytes/);
  });

  it("defaults PUBLIC_URL to the port the server listens on, so PORT=3000 works at localhost:3000", () => {
    expect(loadConfig({ PORT: "3000" }).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({}).publicUrl).toBe("http://localhost:8081");
    expect(loadConfig({ PORT: "3000", PUBLIC_URL: "http://127.0.0.1:9000" }).publicUrl).toBe("http://127.0.0.1:9000");
    const { PUBLIC_URL: _set, ...withoutPublicUrl } = productionSecrets;
    expect(problemsOf(withoutPublicUrl)).toEqual(["PUBLIC_URL: is required when APP_ENV=production"]);
  });

  it("lets only development fall back to the built-in authenticator key: staging must bring its own", () => {
    expect(problemsOf({ ...legalSettings, APP_ENV: "staging", ENTERPRISE_SECRET_KEYS: stagingRing })).toEqual([
      "MFA_ENCRYPTION_KEY: is required when APP_ENV=staging: only development may use the built-in key",
    ]);
    expect(loadConfig({ ...stagingSecrets, MFA_ENCRYPTION_KEY: "ab".repeat(32) }).mfaEncryptionKey).toEqual(
      Buffer.alloc(32, 0xab),
    );
    expect(loadConfig({ APP_ENV: "development" }).mfaEncryptionKey).toHaveLength(32);
  });

  it("takes the enterprise key ring as versioned 32-byte keys, the highest sealing, and names a wrong one", () => {
    const ring = loadConfig({
      ENTERPRISE_SECRET_KEYS: `1:${"ab".repeat(32)}, 2:${Buffer.alloc(32, 7).toString("base64")}`,
    }).enterpriseSecretKeys;
    expect(ring.sealingVersion).toBe(2);
    expect(ring.keys.get(1)).toEqual(Buffer.alloc(32, 0xab));
    expect(ring.keys.get(2)).toEqual(Buffer.alloc(32, 7));
    expect(problemsOf({ ENTERPRISE_SECRET_KEYS: "1:too-short" })[0]).toMatch(
      /^ENTERPRISE_SECRET_KEYS: key 1 must be 32 bytes/,
    );
    expect(problemsOf({ ENTERPRISE_SECRET_KEYS: "no-version" })[0]).toMatch(/^ENTERPRISE_SECRET_KEYS: each entry/);
    expect(problemsOf({ ENTERPRISE_SECRET_KEYS: `1:${"ab".repeat(32)},1:${"cd".repeat(32)}` })[0]).toMatch(
      /^ENTERPRISE_SECRET_KEYS: key version 1 is listed twice/,
    );
  });

  it("lets only development fall back to the built-in enterprise key ring: staging must bring its own", () => {
    const { ENTERPRISE_SECRET_KEYS: _ring, ...withoutRing } = stagingSecrets;
    expect(problemsOf(withoutRing)).toEqual([
      "ENTERPRISE_SECRET_KEYS: is required when APP_ENV=staging: only development may use the built-in key ring",
    ]);
    expect(loadConfig(stagingSecrets).enterpriseSecretKeys.keys.get(1)).toEqual(Buffer.alloc(32, 0xcd));
    expect(loadConfig({}).enterpriseSecretKeys.keys.size).toBe(1);
  });

  it("takes the emulator's unsigned tokens in development only: staging refuses to start with it", () => {
    const staging = stagingSecrets;
    expect(problemsOf({ ...staging, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" })).toEqual([
      'FIREBASE_AUTH_EMULATOR_HOST: must not be set when APP_ENV=staging (emulator tokens are unsigned; only development takes them) (got "127.0.0.1:9099")',
    ]);
    expect(loadConfig(staging).firebase.emulatorHost).toBeUndefined();
    expect(loadConfig({ APP_ENV: "development", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }).client.sso).toEqual({
      isConfigured: false,
    });
  });

  it("stops when APP_ENV is unset and HOST is not a loopback address, and starts on loopback without it", () => {
    for (const host of ["0.0.0.0", "::", "10.0.0.5", "portal.internal"]) {
      expect(problemsOf({ HOST: host })).toEqual([
        `APP_ENV: must be set when HOST is not a loopback address (HOST=${host}): development, staging or production`,
      ]);
    }
    for (const host of ["localhost", "127.0.0.1", "::1"]) expect(loadConfig({ HOST: host }).env).toBe("development");
    expect(loadConfig({ HOST: "0.0.0.0", APP_ENV: "development" }).env).toBe("development");
  });

  it("refuses the Firebase Auth Emulator and plain http in production", () => {
    const problems = problemsOf({
      ...productionSecrets,
      PUBLIC_URL: "http://x.example",
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
    });
    expect(problems.some((line) => line.startsWith("FIREBASE_AUTH_EMULATOR_HOST:"))).toBe(true);
    expect(problems.some((line) => line.startsWith("PUBLIC_URL:"))).toBe(true);
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }).firebase.emulatorHost).toBe("127.0.0.1:9099");
  });

  it("treats an empty variable as unset and parses lists and numbers", () => {
    const config = loadConfig({
      PORT: "",
      CORS_ORIGINS: "chrome-extension://abcdefghijklmnop, https://app.precis.example",
      SESSION_IDLE_DAYS: "7",
    });
    expect(config.port).toBe(8081);
    expect(config.corsOrigins).toEqual(["chrome-extension://abcdefghijklmnop", "https://app.precis.example"]);
    expect(config.session.idleDays).toBe(7);
    expect(problemsOf({ CORS_ORIGINS: "*" })[0]).toMatch(/^CORS_ORIGINS/);
    expect(problemsOf({ SESSION_IDLE_DAYS: "90", SESSION_ABSOLUTE_DAYS: "30" })[0]).toMatch(/^SESSION_ABSOLUTE_DAYS/);
  });
});

describe("the legal pages' settings", () => {
  it("are obviously fictitious samples in development, in words an English or a French reader sees", () => {
    const { operator, privacy, supportEmail } = loadConfig({}).client;
    expect(operator.legalName).toMatch(/sample · exemple fictif/);
    expect(operator.postalAddress).toMatch(/fictitious · fictive/);
    expect(privacy.officerName).toMatch(/sample · exemple fictif/);
    expect(privacy.officerTitle).toEqual({
      en: expect.stringMatching(/\(sample\)$/),
      fr: expect.stringMatching(/\(exemple\)$/),
    });
    expect(operator.governingJurisdiction).toBe("QC");
    expect(operator.currency).toBe("CAD");
    // The support address stands in for the privacy officer's, as before.
    expect(privacy.officerEmail).toBe(supportEmail);
  });

  it.each(["production", "staging"])("stop %s from starting without them, naming each one missing", (appEnv) => {
    const {
      OPERATOR_ADDRESS: _address,
      PRIVACY_OFFICER_TITLE_FR: _title,
      ...env
    } = {
      ...productionSecrets,
      APP_ENV: appEnv,
    };
    expect(problemsOf(env)).toEqual([
      `OPERATOR_ADDRESS: is required when APP_ENV=${appEnv}: the Terms of Service and the Privacy Policy state it (only development shows a fictitious sample)`,
      `PRIVACY_OFFICER_TITLE_FR: is required when APP_ENV=${appEnv}: the Terms of Service and the Privacy Policy state it (only development shows a fictitious sample)`,
    ]);
    // An empty variable is as good as none.
    expect(problemsOf({ ...productionSecrets, APP_ENV: appEnv, PRIVACY_EMAIL: "" })).toEqual([
      expect.stringMatching(/^PRIVACY_EMAIL: is required when APP_ENV=/),
    ]);
  });

  it("reach the client config as given", () => {
    const { operator, privacy } = loadConfig(productionSecrets).client;
    expect(operator).toEqual({
      legalName: "Cabinet Témoin Ltée",
      postalAddress: "500 Grande Allée Est, Québec QC G1R 2J7",
      governingJurisdiction: "ON",
      currency: "CAD",
    });
    expect(privacy).toMatchObject({
      officerName: "Jeanne Dupré",
      officerTitle: {
        en: "Chief Privacy Officer",
        fr: "Responsable de la protection des renseignements personnels",
      },
      officerEmail: "vie-privee@temoin.example",
    });
  });

  it("refuse a province, a currency or a text that the pages could not state", () => {
    expect(
      problemsOf({
        GOVERNING_LAW_PROVINCE: "Quebec",
        CURRENCY: "CAN",
        OPERATOR_LEGAL_NAME: "[operator's legal name]",
        PRIVACY_OFFICER_NAME: "Jeanne\nDupré",
      }),
    ).toEqual([
      'OPERATOR_LEGAL_NAME: must be one line of text, without square brackets (got "[operator\'s legal name]")',
      'GOVERNING_LAW_PROVINCE: must be a province or territory code: AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT (got "Quebec")',
      'CURRENCY: must be an ISO 4217 code such as CAD (got "CAN")',
      'PRIVACY_OFFICER_NAME: must be one line of text, without square brackets (got "Jeanne\nDupré")',
    ]);
  });
});
