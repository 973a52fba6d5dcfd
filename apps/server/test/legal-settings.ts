/**
 * The legal pages' settings a server outside development must be given (config.ts, DEVELOPMENT_LEGAL_SAMPLES),
 * for the tests that start one as staging or production.
 */
export const legalSettings = {
  OPERATOR_LEGAL_NAME: "Precis Test Operator Inc.",
  OPERATOR_ADDRESS: "100 Test Street, Ottawa ON K1A 0A1",
  GOVERNING_LAW_PROVINCE: "ON",
  CURRENCY: "CAD",
  PRIVACY_EMAIL: "privacy@precis.example",
  PRIVACY_OFFICER_NAME: "Test Officer",
  PRIVACY_OFFICER_TITLE_EN: "Privacy Officer",
  PRIVACY_OFFICER_TITLE_FR: "Responsable de la protection des renseignements personnels",
} as const;

/**
 * Every setting a production server requires (config.ts), with placeholders for the services a test never reaches:
 * enough to start one in-process against the test's own database.
 */
export const productionSettings = {
  ...legalSettings,
  APP_ENV: "production",
  PUBLIC_URL: "https://portal.precis.example",
  DATABASE_URL: "postgres://unused@127.0.0.1/unused",
  SMTP_URL: "smtp://127.0.0.1:2525",
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  MFA_ENCRYPTION_KEY: "5e".repeat(32),
  ENTERPRISE_SECRET_KEYS: `1:${"5d".repeat(32)}`,
};
