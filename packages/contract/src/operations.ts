/*
 * Every API operation, declared once: its method and its path under API_BASE_PATH, with `:name` for a path
 * parameter as Fastify writes it. The server registers each route at `routeUrl(operation)`, and a test holds its
 * routes and this table to each other, method included; the portal, the typed client and the extension call the
 * operations by name. The request and response schemas live beside each feature's types in this package.
 */

/** Where the API lives, on the portal's own origin. */
export const API_BASE_PATH = "/api";

/** What every API URL starts with, for the server's per-request checks. */
export const API_PATH_PREFIX = `${API_BASE_PATH}/`;

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Operation {
  readonly method: HttpMethod;
  readonly path: string;
}

export const operations = {
  // Accounts: registration, login, passwords (auth).
  register: { method: "POST", path: "/register" },
  logIn: { method: "POST", path: "/login" },
  logInSecondFactor: { method: "POST", path: "/login/second-factor" },
  getPasskeyLoginOptions: { method: "POST", path: "/login/passkey/options" },
  logInWithPasskey: { method: "POST", path: "/login/passkey" },
  logOut: { method: "GET", path: "/logout" },
  changePassword: { method: "POST", path: "/change-password" },
  reauthenticate: { method: "POST", path: "/reauthenticate" },
  getReauthenticationPasskeyOptions: { method: "POST", path: "/reauthenticate/passkey-options" },
  findUser: { method: "POST", path: "/login/find-user" },
  resetPassword: { method: "POST", path: "/login/reset-password" },
  // Google and Microsoft sign-in.
  getFirebaseSettings: { method: "GET", path: "/sso/firebase" },
  logInWithSso: { method: "POST", path: "/sso/login" },
  registerWithSso: { method: "POST", path: "/sso/register" },
  changeEmailWithSso: { method: "POST", path: "/sso/change-email" },
  // Email verification.
  verifyEmail: { method: "POST", path: "/verify-email" },
  resendVerification: { method: "POST", path: "/verify-email/resend" },
  undoEmailChange: { method: "POST", path: "/email-change/undo" },
  // Profile and memo settings.
  getUserDetails: { method: "GET", path: "/user-details" },
  updateUserDetails: { method: "PATCH", path: "/user-details" },
  getUserOptions: { method: "GET", path: "/user-options" },
  saveUserOptions: { method: "PUT", path: "/user-options" },
  createMemoPreset: { method: "POST", path: "/user-options" },
  selectMemoPreset: { method: "PUT", path: "/user-options/selected" },
  deleteMemoPreset: { method: "DELETE", path: "/user-options/:id" },
  // Second factors.
  getMfaStatus: { method: "GET", path: "/mfa" },
  setUpTotp: { method: "POST", path: "/mfa/totp/setup" },
  enableTotp: { method: "POST", path: "/mfa/totp/enable" },
  disableTotp: { method: "POST", path: "/mfa/totp/disable" },
  unlockSecondStep: { method: "POST", path: "/mfa/unlock" },
  regenerateRecoveryCodes: { method: "POST", path: "/mfa/recovery-codes" },
  getPasskeyRegistrationOptions: { method: "POST", path: "/passkeys/registration-options" },
  addPasskey: { method: "POST", path: "/passkeys" },
  renamePasskey: { method: "PATCH", path: "/passkeys/:id" },
  removePasskey: { method: "DELETE", path: "/passkeys/:id" },
  // Sessions.
  getSessions: { method: "GET", path: "/sessions" },
  revokeSession: { method: "DELETE", path: "/sessions/:id" },
  revokeOtherSessions: { method: "POST", path: "/sessions/revoke-others" },
  // The extension's handoff.
  requestHandoffCode: { method: "POST", path: "/extension/handoff" },
  exchangeHandoffCode: { method: "POST", path: "/extension/session" },
  // Subscription and billing.
  getEntitlement: { method: "GET", path: "/entitlement" },
  reportMemoUsage: { method: "POST", path: "/memo-usage" },
  createPricingSession: { method: "POST", path: "/pricing-session" },
  openBillingPortal: { method: "POST", path: "/billing-portal" },
  receiveStripeEvent: { method: "POST", path: "/stripe/webhook" },
  // Privacy.
  getConsents: { method: "GET", path: "/consents" },
  acceptConsents: { method: "POST", path: "/consents" },
  requestAccountDeletion: { method: "POST", path: "/account/delete" },
  cancelAccountDeletion: { method: "POST", path: "/account/delete/cancel" },
  exportAccount: { method: "GET", path: "/account/export" },
  // Firms (issue 44).
  createFirm: { method: "POST", path: "/firms" },
  getFirm: { method: "GET", path: "/firm" },
  updateFirm: { method: "PATCH", path: "/firm" },
  deleteFirm: { method: "DELETE", path: "/firm" },
  getFirmMembers: { method: "GET", path: "/firm/members" },
  changeFirmMemberRole: { method: "PATCH", path: "/firm/members/:userId" },
  removeFirmMember: { method: "DELETE", path: "/firm/members/:userId" },
  leaveFirm: { method: "POST", path: "/firm/leave" },
  // Leaving a firm by an emailed link, signed out: the firm's sign-in policy never traps (issue 53, decision 043).
  requestLeaveLink: { method: "POST", path: "/firm/leave-link" },
  leaveByLink: { method: "POST", path: "/firm/leave-by-link" },
  transferFirmOwnership: { method: "POST", path: "/firm/transfer" },
  getFirmInvitations: { method: "GET", path: "/firm/invitations" },
  inviteToFirm: { method: "POST", path: "/firm/invitations" },
  revokeFirmInvitation: { method: "DELETE", path: "/firm/invitations/:id" },
  acceptFirmInvitation: { method: "POST", path: "/firm/invitations/accept" },
  // The join screen, signed in or out (issue 56): what an invitation is for, and saying no to it.
  previewFirmInvitation: { method: "POST", path: "/firm/invitations/preview" },
  declineFirmInvitation: { method: "POST", path: "/firm/invitations/decline" },
  endFirmMemberSessions: { method: "DELETE", path: "/firm/members/:userId/sessions" },
  getFirmDomains: { method: "GET", path: "/firm/domains" },
  addFirmDomain: { method: "POST", path: "/firm/domains" },
  updateFirmDomain: { method: "PATCH", path: "/firm/domains/:domain" },
  removeFirmDomain: { method: "DELETE", path: "/firm/domains/:domain" },
  checkFirmDomain: { method: "POST", path: "/firm/domains/:domain/check" },
  getFirmAudit: { method: "GET", path: "/firm/audit" },
  // Firms, phase 2 (issue 44).
  joinFirmByDomain: { method: "POST", path: "/firm/join-by-domain" },
  getFirmUsage: { method: "GET", path: "/firm/usage" },
  getMyFirmUsage: { method: "GET", path: "/firm/usage/mine" },
  createFirmCheckout: { method: "POST", path: "/firm/checkout" },
  openFirmBillingPortal: { method: "POST", path: "/firm/billing-portal" },
  // Enterprise sign-in (issue 55): a firm's own identity providers, run by its owners and admins.
  getEnterpriseConnections: { method: "GET", path: "/firm/enterprise/connections" },
  addOidcEnterpriseConnection: { method: "POST", path: "/firm/enterprise/connections/oidc" },
  addSamlEnterpriseConnection: { method: "POST", path: "/firm/enterprise/connections/saml" },
  updateEnterpriseConnection: { method: "PATCH", path: "/firm/enterprise/connections/:id" },
  deleteEnterpriseConnection: { method: "DELETE", path: "/firm/enterprise/connections/:id" },
  bindEnterpriseConnectionDomain: { method: "PUT", path: "/firm/enterprise/connections/:id/domains/:domain" },
  unbindEnterpriseConnectionDomain: { method: "DELETE", path: "/firm/enterprise/connections/:id/domains/:domain" },
  getEnterpriseConnectionSamlMetadata: { method: "GET", path: "/firm/enterprise/connections/:id/saml-metadata" },
  startEnterpriseConnectionTest: { method: "POST", path: "/firm/enterprise/connections/:id/test" },
  activateEnterpriseConnection: { method: "POST", path: "/firm/enterprise/connections/:id/activate" },
  // The page the identity provider sends the person back to hands its address here.
  finishEnterpriseOidcSignIn: { method: "POST", path: "/enterprise-sign-in/oidc/finish" },
  // The site itself.
  getClientConfig: { method: "GET", path: "/client-config" },
  sendDocsFeedback: { method: "POST", path: "/docs-feedback" },
  getHealth: { method: "GET", path: "/health" },
  getReadiness: { method: "GET", path: "/ready" },
  getMetrics: { method: "GET", path: "/metrics" },
  getOpenApiDocument: { method: "GET", path: "/openapi.json" },
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof operations;
export type DeclaredOperation = (typeof operations)[OperationName];

/**
 * What an operation takes and answers, as the zod schemas of its feature: the request's body and path parameters,
 * and one schema per status it answers. Fastify's own names, so that a route can spread them into its schema.
 */
export interface OperationSchemas {
  readonly body?: unknown;
  readonly params?: unknown;
  readonly querystring?: unknown;
  readonly response: Readonly<Record<number, unknown>>;
}

/**
 * An operation of the table above with its schemas bound to it, declared once in its feature's file of this
 * package: the server validates and serialises with them, and a caller reads its answers with them. Kept out of
 * this table, which imports no schema, so that whatever only calls an operation by name loads no zod.
 */
export const withSchemas = <Declared extends Operation, Schemas extends OperationSchemas>(
  operation: Declared,
  schemas: Schemas,
) => ({ ...operation, schemas });

/** The URL the server registers the operation's route at. */
export const routeUrl = (operation: Operation) => `${API_BASE_PATH}${operation.path}`;

/** The operation's path under API_BASE_PATH, each parameter filled in and encoded. */
export function pathTo(operation: Operation, parameters: Record<string, string> = {}): string {
  return operation.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = parameters[name];
    if (value === undefined) throw new Error(`${operation.method} ${operation.path} needs the parameter "${name}"`);
    return encodeURIComponent(value);
  });
}
