import enAccess from "./en/access.json";
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enDocs from "./en/docs.json";
import enFirm from "./en/firm.json";
import enHome from "./en/home.json";
import enIdentity from "./en/identity.json";
import enPrivacy from "./en/privacy.json";
import enProfile from "./en/profile.json";
import enSecurity from "./en/security.json";
import enShell from "./en/shell.json";
import enSso from "./en/sso.json";
import enSubscription from "./en/subscription.json";
import enVerification from "./en/verification.json";
import frAccess from "./fr/access.json";
import frAuth from "./fr/auth.json";
import frCommon from "./fr/common.json";
import frDocs from "./fr/docs.json";
import frFirm from "./fr/firm.json";
import frHome from "./fr/home.json";
import frIdentity from "./fr/identity.json";
import frPrivacy from "./fr/privacy.json";
import frProfile from "./fr/profile.json";
import frSecurity from "./fr/security.json";
import frShell from "./fr/shell.json";
import frSso from "./fr/sso.json";
import frSubscription from "./fr/subscription.json";
import frVerification from "./fr/verification.json";

// Every catalogue, for the typed keys (i18next.d.ts) and the parity test. The app itself loads
// them one language and namespace at a time (see index.ts), so nothing imports this at run time.
export const resources = {
  en: {
    common: enCommon,
    shell: enShell,
    home: enHome,
    auth: enAuth,
    docs: enDocs,
    subscription: enSubscription,
    sso: enSso,
    profile: enProfile,
    verification: enVerification,
    access: enAccess,
    identity: enIdentity,
    security: enSecurity,
    privacy: enPrivacy,
    firm: enFirm,
  },
  fr: {
    common: frCommon,
    shell: frShell,
    home: frHome,
    auth: frAuth,
    docs: frDocs,
    subscription: frSubscription,
    sso: frSso,
    profile: frProfile,
    verification: frVerification,
    access: frAccess,
    identity: frIdentity,
    security: frSecurity,
    privacy: frPrivacy,
    firm: frFirm,
  },
} as const;

export { defaultNamespace, type SupportedLanguage, supportedLanguages } from "./languages";
