import { type ApiClient, type ApiResult, createApiClient } from "@precis/client";
import { callTo } from "@precis/client/call";
import { authOperations } from "@precis/contract/auth-operations";
import { firmOperations, MATTER_CODE_MAX_LENGTH } from "@precis/contract/firms";
import { DEFAULT_PRESET_NAME, findSelectedPreset, memoSettingsOperations } from "@precis/contract/memo-options";
import { profileOperations } from "@precis/contract/profile";
import { type Entitlement, subscriptionOperations } from "@precis/contract/subscription";
import { checkMatter, type MatterPolicy, type MatterProblem } from "./matter.ts";
import {
  type MatterOwner,
  type RememberedMatters,
  readMatters,
  rememberCountedMatter,
  saveCurrentMatter,
} from "./matter-store.ts";
import { type ExtensionSession, forgetSession, readSession } from "./session-store.ts";

/*
 * The popup: who is signed in, the entitlement and the selected memo preset, read with the session the portal
 * handed over; a button that counts a memo as the real extension does after generating one; and signing out.
 * A member of a firm with client-matter codes (optional or required) also chooses or types the matter the memo is
 * for, checked against the firm's mask before it is sent and remembered for them (issue 44).
 * Every text comes from _locales (English and French, by the browser's language).
 */

const text = (name: string, substitutions?: string[]) => chrome.i18n.getMessage(name, substitutions);
/** SPEC's placeholder name of the default preset reads as a name in the browser's language, as on the portal. */
const presetName = (name: string) => (name === DEFAULT_PRESET_NAME ? text("defaultPresetName") : name);
const root = document.getElementById("popup") as HTMLElement;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, content?: string, className?: string) {
  const created = document.createElement(tag);
  if (content !== undefined) created.textContent = content;
  if (className) created.className = className;
  return created;
}

function show(...children: HTMLElement[]) {
  root.replaceChildren(element("h1", text("popupTitle")), ...children);
  root.setAttribute("aria-busy", "false");
}

function showSignedOut(notice?: string) {
  const status = element("p", notice ?? "");
  status.setAttribute("role", "status");
  show(element("h2", text("signedOutHeading")), element("p", text("signedOutText")), status);
}

function describeMemos(entitlement: Entitlement) {
  const used = String(entitlement.memo.usedThisMonth);
  const limit = entitlement.memo.monthlyLimit;
  return limit === null ? text("memosUnlimited", [used]) : text("memosOfLimit", [used, String(limit)]);
}

/** A session the server no longer knows (logged out on the portal, revoked, expired) is forgotten here too. */
function isSessionGone(result: ApiResult<unknown>) {
  return !result.ok && result.kind === "http" && result.status === 401;
}

async function showAccount(session: ExtensionSession) {
  const client = createApiClient({
    apiBaseUrl: `${session.portalOrigin}/api`,
    credentials: { mode: "bearer", sessionToken: session.sessionToken, accessKey: session.accessKey },
  });
  const [details, entitlement, userOptions, firm] = await Promise.all([
    client.request(callTo(profileOperations.getUserDetails)),
    client.request(callTo(subscriptionOperations.getEntitlement)),
    client.request(callTo(memoSettingsOperations.getUserOptions)),
    client.request(callTo(firmOperations.getFirm)),
  ]);
  if ((details.ok && !details.data.userProfile) || [details, entitlement, userOptions, firm].some(isSessionGone)) {
    await forgetSession();
    showSignedOut();
    return;
  }
  if (!details.ok || !details.data.userProfile || !entitlement.ok || !userOptions.ok || !firm.ok) {
    show(element("p", text("unreachable")));
    return;
  }
  const policies = firm.data.firm?.policies;
  let matter: MatterField | null = null;
  if (policies && policies.matterCodes !== "off") {
    // Only the pricing session names the user id the remembered codes are kept under; asked only when needed.
    const pricing = await client.request(callTo(subscriptionOperations.createPricingSession));
    if (isSessionGone(pricing)) {
      await forgetSession();
      showSignedOut();
      return;
    }
    if (!pricing.ok) {
      show(element("p", text("unreachable")));
      return;
    }
    const owner = { portalOrigin: session.portalOrigin, userId: pricing.data.userId };
    matter = matterField(policies, owner, await readMatters(owner));
  }
  const memos = element("dd", describeMemos(entitlement.data));
  const status = element("p");
  status.id = "popup-status";
  status.setAttribute("role", "status");
  show(
    definitionList([
      [text("signedInAs"), element("dd", details.data.userProfile.email)],
      [text("accessLabel"), element("dd", text(`access_${entitlement.data.access}`))],
      [text("memosLabel"), memos],
      [text("memoPresetLabel"), element("dd", presetName(findSelectedPreset(userOptions.data)?.name ?? ""))],
    ]),
    ...(matter ? [matter.element] : []),
    actions(client, memos, status, matter),
    status,
  );
}

/** The client-matter field, and what the memo button needs of it. */
type MatterField = {
  element: HTMLElement;
  policy: MatterPolicy;
  input: HTMLInputElement;
  owner: MatterOwner;
  /** Marks the field as refused (its message is in the status, which the field then points to) and focuses it. */
  refuse(): void;
  /** Offers the codes memos were last counted under. */
  offer(recent: string[]): void;
};

function matterHint(policy: MatterPolicy) {
  const need = text(policy.matterCodes === "required" ? "matterHintRequired" : "matterHintOptional");
  return policy.matterMask === null ? need : `${need} ${text("matterHintMask", [policy.matterMask])}`;
}

function matterProblemText(problem: MatterProblem, policy: MatterPolicy) {
  if (problem === "mismatch") return text("matterMismatch", [policy.matterMask ?? ""]);
  if (problem === "invalid") return text("matterInvalid", [String(MATTER_CODE_MAX_LENGTH)]);
  return text("matterRequired");
}

/**
 * A text field with the recent codes as its suggestions (a datalist): the member picks one or types another, and
 * what they leave in it is kept. The field is described by the hint (required or optional, and the mask with what
 * its letters mean).
 */
function matterField(policy: MatterPolicy, owner: MatterOwner, remembered: RememberedMatters): MatterField {
  const input = element("input");
  input.id = "matter";
  input.type = "text";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.maxLength = MATTER_CODE_MAX_LENGTH;
  input.required = policy.matterCodes === "required";
  input.value = remembered.current;
  const label = element("label", text("matterLabel"));
  label.htmlFor = input.id;
  const hint = element("p", matterHint(policy), "hint");
  hint.id = "matter-hint";
  input.setAttribute("aria-describedby", hint.id);
  const suggestions = element("datalist");
  suggestions.id = "matter-recent";
  input.setAttribute("list", suggestions.id);
  const offer = (recent: string[]) =>
    suggestions.replaceChildren(
      ...recent.map((code) => {
        const option = element("option");
        option.value = code;
        return option;
      }),
    );
  offer(remembered.recent);
  input.addEventListener("input", () => {
    input.removeAttribute("aria-invalid");
    input.setAttribute("aria-describedby", hint.id);
    // Kept as typed, not on "change": the popup closes as soon as it loses focus, before a save on blur could end.
    void saveCurrentMatter(owner, input.value);
  });
  const wrapper = element("div", undefined, "field");
  wrapper.append(label, input, hint, suggestions);
  return {
    element: wrapper,
    policy,
    input,
    owner,
    refuse() {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", `${hint.id} popup-status`);
      input.focus();
    },
    offer,
  };
}

function definitionList(rows: [string, HTMLElement][]) {
  const list = element("dl");
  for (const [term, definition] of rows) list.append(element("dt", term), definition);
  return list;
}

function actions(client: ApiClient, memos: HTMLElement, status: HTMLElement, field: MatterField | null) {
  const reportButton = element("button", text("reportMemo"));
  reportButton.type = "button";
  reportButton.addEventListener("click", async () => {
    let matter: string | undefined;
    if (field) {
      // Refused here by the server's own rule, so nothing is sent that it would refuse and count nothing for.
      const checked = checkMatter(field.input.value, field.policy);
      if (!checked.ok) {
        status.textContent = matterProblemText(checked.problem, field.policy);
        field.refuse();
        return;
      }
      matter = checked.matter;
    }
    reportButton.disabled = true;
    const reported = await client.request(
      callTo(subscriptionOperations.reportMemoUsage, matter === undefined ? {} : { body: { matter } }),
    );
    reportButton.disabled = false;
    if (reported.ok) {
      memos.textContent = describeMemos(reported.data);
      status.textContent = matter === undefined ? text("memoReported") : text("memoReportedUnder", [matter]);
      if (field && matter !== undefined) {
        field.offer((await rememberCountedMatter(field.owner, matter)).recent);
      }
    } else if (isSessionGone(reported)) {
      await forgetSession();
      showSignedOut();
    } else if (reported.kind === "http" && reported.status === 400 && reported.error) {
      // The firm's rule changed since the popup opened (a new mask, codes now required): the server's own words.
      status.textContent = reported.error.message;
      if (field && reported.error.fields?.some((field) => field.path === "matter")) field.refuse();
    } else if (reported.kind === "http" && reported.status === 402) {
      status.textContent = text("memoLimitReached");
    } else if (reported.kind === "http" && reported.status === 403) {
      status.textContent = text("memoNeedsVerification");
    } else {
      status.textContent = text("unreachable");
    }
  });
  const signOutButton = element("button", text("signOut"), "secondary");
  signOutButton.type = "button";
  signOutButton.addEventListener("click", async () => {
    signOutButton.disabled = true;
    // Forgotten here whatever the server answers: a sign-out must never leave the session usable in the popup.
    await client.request(callTo(authOperations.logOut));
    await forgetSession();
    showSignedOut(text("signedOutNotice"));
  });
  const row = element("div", undefined, "actions");
  row.append(reportButton, signOutButton);
  return row;
}

async function start() {
  document.documentElement.lang = chrome.i18n.getUILanguage().startsWith("fr") ? "fr" : "en";
  document.title = text("popupTitle");
  const session = await readSession();
  if (session) await showAccount(session);
  else showSignedOut();
}

void start();
