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
