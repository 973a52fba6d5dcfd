/*
 * What the web build's server bundle (apps/web/src/server-render.tsx, built into dist-ssr/) exports
 * and the server (apps/server/src/plugins/prerender.ts) calls: decisions 014, 016 and 017.
 */

import { formatAccessEndDate, getAvatarInitials, getDisplayName, getGreetingName } from "./account-texts.ts";
import type { Language } from "./auth.ts";
import type { ClientConfig } from "./client-config.ts";
import type { Profile } from "./profile.ts";
import type { AccessKind, Entitlement } from "./subscription.ts";

/** Who a page is prerendered for: anyone signed out (a page to hydrate), or a live session (a frame). */
export type PrerenderAudience = "anonymous" | "signed-in";

/** The screen a signed-in frame is laid out for; the server guesses it from the request. */
export type FrameScreen = "phone" | "wide";

export interface RenderedPage {
  /** Style elements for <head>: antd's styles for what the page shows, and the icons'. */
  head: string;
  /** The inside of #root. */
  body: string;
}

/**
 * How a signed-in frame is drawn: for a screen, and for pages that show the account's access (the
 * subscription page), for its kind; the texts that differ within a kind are slots (decision 017).
 */
export interface FrameLayout {
  screen: FrameScreen;
  access?: AccessKind;
}

/** Null when the URL is not a page to prerender (the router redirects or answers with an error). */
export type RenderPage = (
  url: string,
  language: Language,
  config: ClientConfig,
  audience: PrerenderAudience,
  frame?: FrameLayout,
) => Promise<RenderedPage | null>;

/**
 * The account's texts a signed-in frame shows (decision 017): the same functions the pages use in the browser.
 * The frame is rendered once for every account, so it holds a marker for each of these, and the server fills
 * in the visitor's own texts on every request.
 */
const getFrameSlotTexts = ({ profile, entitlement }: FrameAccount, language: Language) => ({
  greetingName: getGreetingName(profile),
  displayName: getDisplayName(profile),
  avatarInitials: getAvatarInitials(profile),
  email: profile.email,
  accessEndDate: entitlement?.endsAt ? formatAccessEndDate(entitlement.endsAt, language) : "",
});
export type FrameSlot = keyof ReturnType<typeof getFrameSlotTexts>;

/** What a frame shows of the visitor's account: the profile, and the access on pages that show it. */
export interface FrameAccount {
  profile: Profile;
  entitlement?: Entitlement;
}

/** Private-use characters: React writes them as they are, and no page prints them of its own. */
export const frameSlotMarker = (slot: FrameSlot) => `\uE000${slot}\uE000`;

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The frame's HTML with every slot holding this account's text, escaped for HTML text and attribute values
 * alike. One pass: a text that happens to contain a marker is never filled in turn.
 */
export function fillFrameSlots(html: string, account: FrameAccount, language: Language): string {
  const texts: Record<string, string> = getFrameSlotTexts(account, language);
  return html.replace(/\uE000(\w+)\uE000/g, (_marker, slot: string) => escapeHtml(texts[slot] ?? ""));
}
