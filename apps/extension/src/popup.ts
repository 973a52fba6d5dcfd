import { type ApiClient, type ApiResult, createApiClient } from "@precis/client";
import {
  findSelectedPreset,
  getEntitlement,
  getUserDetails,
  getUserOptions,
  logOut,
  reportMemoUsage,
} from "@precis/client/operations";
import { DEFAULT_PRESET_NAME } from "@precis/contract/memo-options";
import type { Entitlement } from "@precis/contract/subscription";
import { type ExtensionSession, forgetSession, readSession } from "./session-store.ts";

/*
 * The popup: who is signed in, the entitlement and the selected memo preset, read with the session the portal
 * handed over; a button that counts a memo as the real extension does after generating one; and signing out.
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
  const [details, entitlement, userOptions] = await Promise.all([
    client.request(getUserDetails()),
    client.request(getEntitlement()),
    client.request(getUserOptions()),
  ]);
  if ((details.ok && !details.data.userProfile) || [details, entitlement, userOptions].some(isSessionGone)) {
    await forgetSession();
    showSignedOut();
    return;
  }
  if (!details.ok || !details.data.userProfile || !entitlement.ok || !userOptions.ok) {
    show(element("p", text("unreachable")));
    return;
  }
  const memos = element("dd", describeMemos(entitlement.data));
  const status = element("p");
  status.setAttribute("role", "status");
  show(
    definitionList([
      [text("signedInAs"), element("dd", details.data.userProfile.email)],
      [text("accessLabel"), element("dd", text(`access_${entitlement.data.access}`))],
      [text("memosLabel"), memos],
      [text("memoPresetLabel"), element("dd", presetName(findSelectedPreset(userOptions.data)?.name ?? ""))],
    ]),
    actions(client, memos, status),
    status,
  );
}

function definitionList(rows: [string, HTMLElement][]) {
  const list = element("dl");
  for (const [term, definition] of rows) list.append(element("dt", term), definition);
  return list;
}

function actions(client: ApiClient, memos: HTMLElement, status: HTMLElement) {
  const reportButton = element("button", text("reportMemo"));
  reportButton.type = "button";
  reportButton.addEventListener("click", async () => {
    reportButton.disabled = true;
    const reported = await client.request(reportMemoUsage());
    reportButton.disabled = false;
    if (reported.ok) {
      memos.textContent = describeMemos(reported.data);
      status.textContent = text("memoReported");
    } else if (isSessionGone(reported)) {
      await forgetSession();
      showSignedOut();
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
    await client.request(logOut());
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
