import { type OperationName, operations } from "@precis/contract/operations";
import { describe, expect, it } from "vitest";
import { createTestClock } from "./harness.ts";
import { postAs, registerAccount, TEST_PASSWORD } from "./support/accounts.ts";
import { useDnsServer } from "./support/dns.ts";
import { callOperation, type OperationCall } from "./support/operations.ts";
import { useTestServer } from "./support/test-server.ts";

/**
 * Issue 42, "stolen old session": a victim's cookie and access key from a sign-in three days old. Every
 * state-changing operation is called with it, and the ones that change who controls the account must refuse
 * with the step-up answer (decision 035). Each such operation has its own proof or needs none: every one is
 * classified below, so a new operation cannot arrive without someone deciding which it is.
 */

/** A body the operation's schema accepts, so the refusal seen is the step-up's and not the validator's. */
const WELL_FORMED_PASSKEY = {
  name: "Office key",
  response: {
    id: "AAAA",
    rawId: "AAAA",
    type: "public-key",
    response: { clientDataJSON: "AAAA", attestationObject: "AAAA" },
    clientExtensionResults: {},
  },
};

/** A connection's id as the schema takes it: the step-up is checked before anything is looked up. */
const A_CONNECTION = "00000000-0000-4000-8000-000000000000";

/** Refuse a session whose proof is older than 15 minutes: each changes who controls the account or its data. */
const NEEDS_STEP_UP: Partial<Record<OperationName, { body?: object; parameters?: Record<string, string> }>> = {
  setUpTotp: {},
  regenerateRecoveryCodes: {},
  getPasskeyRegistrationOptions: {},
  addPasskey: { body: WELL_FORMED_PASSKEY },
  removePasskey: { parameters: { id: "1" } },
  revokeOtherSessions: {},
  // Another session than the caller's, one at a time (issue 53, finding 7); ending its own is signing out.
  revokeSession: { parameters: { id: "999999" } },
  // Moving the email to an address the thief reads (issue 42, finding 1).
  resendVerification: { body: { email: "attacker@evil.test" } },
  changeEmailWithSso: {},
  requestAccountDeletion: {},
  // Not a change, but the account's whole data leaving: the same proof (decision 025).
  exportAccount: {},
  // Firms (issue 44): what an owner or admin does to other accounts, or what puts this one under a firm.
  deleteFirm: {},
  updateFirm: { body: { policies: { requireTwoStep: true } } },
  changeFirmMemberRole: { body: { role: "admin" }, parameters: { userId: "1" } },
  removeFirmMember: { parameters: { userId: "1" } },
  // Signs another account out everywhere (issue 56): an act on another account's access, as a removal is.
  endFirmMemberSessions: { parameters: { userId: "1" } },
  transferFirmOwnership: { body: { userId: 1 } },
  inviteToFirm: { body: { email: "partner@firm.example", role: "admin" } },
  acceptFirmInvitation: { body: { token: "A".repeat(43) } },
  // It mints no session and does not change who controls the account, but like an accepted invitation it puts the
  // account under a firm's policies and its usage counts in the firm's reports: its owner decides that, now.
  joinFirmByDomain: { body: { firmId: 1 } },
  addFirmDomain: { body: { domain: "firm.example", joinMode: "automatic" } },
  updateFirmDomain: { body: { joinMode: "automatic" }, parameters: { domain: "firm.example" } },
  // Enterprise sign-in (issue 55): who may sign in to the firm's accounts, and through which provider.
  addOidcEnterpriseConnection: {
    // A loopback issuer: the caller is in no firm, so it is never asked, but nothing here may leave the machine.
    body: { name: "Entra ID", issuer: "https://127.0.0.1:9", clientId: "precis", clientSecret: "secret" },
  },
  addSamlEnterpriseConnection: { body: { name: "Okta", metadataXml: "<md:EntityDescriptor/>" } },
  updateEnterpriseConnection: { body: { name: "Okta" }, parameters: { id: A_CONNECTION } },
  deleteEnterpriseConnection: { parameters: { id: A_CONNECTION } },
  bindEnterpriseConnectionDomain: { parameters: { id: A_CONNECTION, domain: "firm.example" } },
  unbindEnterpriseConnectionDomain: { parameters: { id: A_CONNECTION, domain: "firm.example" } },
  // Its success makes the connection tested, the step before activation.
  startEnterpriseConnectionTest: { parameters: { id: A_CONNECTION } },
  activateEnterpriseConnection: { parameters: { id: A_CONNECTION } },
};

/** Why each other state-changing operation may be called with an old session. */
const NO_STEP_UP: Partial<Record<OperationName, string>> = {
  register: "opens a new account: no session involved",
  logIn: "is a proof itself",
  logInSecondFactor: "is a proof itself",
  getPasskeyLoginOptions: "is the start of a proof",
  logInWithPasskey: "is a proof itself",
  requestLeaveLink: "signed out: only mails a link to the address's own mailbox",
  leaveByLink: "signed out: the emailed link's token is the proof, and leaving takes nothing from the account",
  changePassword: "asks for the current password (a first password needs a recent sign-in)",
  reauthenticate: "is the step-up itself",
  getReauthenticationPasskeyOptions: "is the start of the step-up",
  findUser: "mails a code to the account's own address",
  resetPassword: "asks for the emailed code",
  logInWithSso: "is a proof itself",
  registerWithSso: "opens a new account",
  verifyEmail:
    "proves the address with its emailed code; a code that moves the account needs the step-up in the session that asked (email-change.test.ts)",
  undoEmailChange: "takes the single-use link mailed to the old address: the proof is owning that address",
  updateUserDetails: "changes the name, organization and the like: not who controls the account",
  saveUserOptions: "memo settings",
  createMemoPreset: "memo settings",
  selectMemoPreset: "memo settings",
  deleteMemoPreset: "memo settings",
  enableTotp: "completes a setup that itself needed the step-up, with a code from the new app",
  disableTotp: "asks for the password or a code",
  unlockSecondStep: "takes the single-use link mailed to the account's address: the proof is owning that address",
  renamePasskey: "a label",
  requestHandoffCode: "the extension's session inherits this session's age; keeping it signed in needs a recent proof",
  exchangeHandoffCode: "takes a one-time code issued to a session",
  reportMemoUsage: "counts usage",
  createPricingSession: "opens Stripe's checkout for the account's own email",
  openBillingPortal: "opens Stripe's portal for the account's own customer",
  receiveStripeEvent: "signed by Stripe, not a session",
  acceptConsents: "records consent",
  cancelAccountDeletion: "keeps the account: the owner may always stop a deletion",
  sendDocsFeedback: "anonymous feedback",
  createFirm: "opens a new firm with the caller alone in it",
  leaveFirm: "takes the account out of a firm's reach, never into it; its owner is emailed",
  revokeFirmInvitation: "withdraws an invitation: nobody gains access",
  previewFirmInvitation:
    "reads what an invitation's link is for (a POST, so the token stays out of addresses): it changes nothing",
  declineFirmInvitation: "signed in or out, the link's token is the proof, and saying no gives nobody access",
  removeFirmDomain: "withdraws a domain: nobody joins by it, and nobody leaves",
  checkFirmDomain:
    "looks the domain's DNS record up: it proves what DNS says, and the join mode changes only by the step-up",
  createFirmCheckout:
    "opens Stripe's checkout for the firm: the owner pays there, and nobody gains access to an account",
  openFirmBillingPortal: "opens Stripe's portal for the firm's own customer, as openBillingPortal does for a person",
  finishEnterpriseOidcSignIn:
    "finishes what its start began under the step-up, and only in the browser (the attempt's cookie) and the session that started it",
};

const time = createTestClock();
// A DNS server of its own, so a check of a domain's record never leaves the machine.
const dns = useDnsServer();
const server = useTestServer({ time, isNewDayEachTest: false, env: () => dns.env() });

async function signedInThreeDaysAgo(email: string) {
  const { session } = await registerAccount(server, email, { isVerified: true });
  time.advanceDays(3);
  return session;
}

const isStepUpRefusal = (response: { statusCode: number; json: () => { fields?: { path: string }[] } }) =>
  response.statusCode === 403 && (response.json().fields ?? []).some((field) => field.path === "reauthentication");

describe("a stolen session three days old", () => {
  it("has every state-changing operation classified: step-up, or a stated reason why not", () => {
    const stateChanging = Object.entries(operations)
      .filter(([, operation]) => operation.method !== "GET")
      .map(([name]) => name)
      .sort();
    const classified = [...Object.keys(NEEDS_STEP_UP), ...Object.keys(NO_STEP_UP)];
    expect(classified.filter((name) => operations[name as OperationName].method !== "GET").sort()).toEqual(
      stateChanging,
    );
  });

  it("is refused by every operation that changes who controls the account, until its owner proves who they are", async () => {
    const email = "stolen.matrix@example.ca";
    const stolen = await signedInThreeDaysAgo(email);
    const call = (name: OperationName, request: OperationCall) => callOperation(server, stolen, name, request);

    const refused: string[] = [];
    for (const [name, request] of Object.entries(NEEDS_STEP_UP)) {
      if (isStepUpRefusal(await call(name as OperationName, request))) refused.push(name);
    }
    expect(refused.sort()).toEqual(Object.keys(NEEDS_STEP_UP).sort());

    // The same session, once its owner confirms the password, gets past the step-up on every one of them.
    const confirmed = await postAs(server, "/api/reauthenticate", stolen, { password: TEST_PASSWORD });
    expect(confirmed.statusCode).toBe(200);
    for (const [name, request] of Object.entries(NEEDS_STEP_UP)) {
      // Account deletion last would end the test's account early: it is checked for the refusal only.
      if (name === "requestAccountDeletion") continue;
      const response = await call(name as OperationName, request);
      expect({ name, isRefused: isStepUpRefusal(response) }).toEqual({ name, isRefused: false });
    }
  });
});
