import { getGreetingName } from "@precis/contract/account-texts";
import type { Language } from "@precis/contract/auth";
import type { AppConfig } from "../../config.ts";
import {
  type AccountEmailParams,
  accountTemplates,
  type EmailContext,
  SUBJECT_CHOICES,
  type Template,
} from "./account-templates.ts";
import { type FirmEmailParams, firmTemplates } from "./firm-templates.ts";
import type { Occurrence } from "./occurrence.ts";
import { escapeHtml, fillUserTextSlots, unescapeHtml, withUserTextAsData, withUserTextInSlots } from "./user-text.ts";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export const emailContextOf = (config: AppConfig): EmailContext => ({
  productName: config.client.productName,
  supportEmail: config.client.supportEmail,
  publicUrl: config.publicUrl,
});

/**
 * The name an email greets with: the first name, formatted as the pages greet ("mARIE" → "Marie"), or none
 * (issue 58): a username is a handle, not a name ("Bonjour fr-ui.mx6a7vo9," read as garbled), so without a first
 * name the greeting is "Hello," / "Bonjour," alone.
 */
export const greetingNameOf = (user: { firstName: string }) =>
  user.firstName.trim() ? getGreetingName({ firstName: user.firstName, name: "" }) : "";

/** How an email names a sign-in provider, from Firebase's provider id. */
export const providerNameOf = (provider: string) => (provider === "microsoft.com" ? "Microsoft" : "Google");
/** Every email's params, by kind: the account's and the firm's. */
export type EmailParams = AccountEmailParams & FirmEmailParams;
export type EmailKind = keyof EmailParams;

/** Every email's texts, by kind and language (exported for the test that holds every subject to SUBJECT_CHOICES). */
export const emailTemplates = { ...accountTemplates, ...firmTemplates } as {
  [K in EmailKind]: Record<Language, Template<EmailParams[K]>>;
};
export { SUBJECT_CHOICES };

/** Renders an email in the recipient's language, as plain text and as escaped HTML. */
export function renderEmail<K extends EmailKind>(
  kind: K,
  language: Language,
  ctx: EmailContext,
  params: EmailParams[K],
): RenderedEmail {
  const template = emailTemplates[kind][language] as Template<EmailParams[K]>;
  const data = withUserTextAsData(params);
  const paragraphs = paragraphsOf(template, language, ctx, data);
  // The HTML is written from the same paragraphs with each person's own words held aside in slots: links are
  // made of what is left (our pages, the support address), then the words go back in, escaped and never linked.
  const userTexts: string[] = [];
  const slotted = paragraphsOf(template, language, ctx, withUserTextInSlots(data, userTexts));
  const code = "code" in data ? String(data.code) : undefined;
  const body = slotted
    .map((paragraph) => {
      const html = fillUserTextSlots(linkify(escapeHtml(paragraph), ctx), userTexts);
      return paragraph === code
        ? `<p style="font-size:24px;font-weight:bold;letter-spacing:4px;font-family:monospace">${html}</p>`
        : `<p style="margin:0 0 16px">${html}</p>`;
    })
    .join("\n");
  const subject = template.subject(ctx, data);
  return {
    subject,
    // The code stands on a line of its own in the plain-text part, so it is easy to copy (and to test).
    text: `${paragraphs.join("\n\n")}\n`,
    html: htmlDocument(language, ctx, escapeHtml(subject), body),
  };
}

function paragraphsOf<P>(template: Template<P>, language: Language, ctx: EmailContext, params: P) {
  const paragraphs = template.paragraphs(ctx, params);
  // A security email says when, from what and from where, just before what to do if it was not the owner.
  if (typeof params === "object" && params !== null && "occurred" in params && params.occurred) {
    paragraphs.splice(paragraphs.length - 1, 0, describeOccurred(language, params.occurred as Occurrence));
  }
  return paragraphs;
}

/** The brand's colours on the pages (apps/web/src/app/theme.ts): AA contrast on white. */
const BRAND_BLUE = "#0958d9";
const TEXT_COLOUR = "#1f1f1f";

/**
 * One card under the product's wordmark (issue 43): the mark drawn with CSS and the name as text, with no remote
 * image, so that a mail client that blocks images still shows the brand, and opening the mail tells no one.
 */
function htmlDocument(language: Language, ctx: EmailContext, title: string, body: string) {
  const productName = escapeHtml(ctx.productName);
  const mark = escapeHtml(ctx.productName.slice(0, 1).toUpperCase());
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>`,
    `<body style="margin:0;padding:24px 12px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:${TEXT_COLOUR}">`,
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e5e5;border-radius:12px;padding:24px">`,
    `<div style="margin:0 0 20px;padding:0 0 16px;border-bottom:1px solid #e5e5e5"><span aria-hidden="true" style="display:inline-block;width:32px;height:32px;border-radius:7px;background:${BRAND_BLUE};color:#ffffff;font-weight:bold;font-size:20px;line-height:32px;text-align:center;vertical-align:middle">${mark}</span> <span style="font-size:22px;font-weight:bold;color:${BRAND_BLUE};vertical-align:middle">${productName}</span></div>`,
    body,
    "</div></body></html>",
  ].join("\n");
}

/**
 * Real links in the HTML part for what the email itself points to: the product's own pages (any address at the
 * configured public origin, the verification, undo and cancel links among them) and the support address. Runs on
 * escaped text; anything else that looks like a link stays text.
 */
function linkify(escaped: string, ctx: EmailContext) {
  const origin = new URL(ctx.publicUrl).origin;
  const supportEmail = escapeHtml(ctx.supportEmail);
  // A slot (a person's words, put back later) ends an address: they never join a link.
  const pattern = new RegExp(`https?://[^\\s<>"'\\uE000]+|${escapeRegExp(supportEmail)}`, "g");
  return escaped.replace(pattern, (match) => {
    if (match === supportEmail) return `<a href="mailto:${match}" style="color:${BRAND_BLUE}">${match}</a>`;
    // A sentence's own punctuation after an address is not part of it.
    const trailing = /[.,!?)]+$/.exec(match)?.[0] ?? "";
    const address = match.slice(0, match.length - trailing.length);
    if (originOf(unescapeHtml(address)) !== origin) return match;
    // A long link wraps inside the card on a phone instead of running out of it.
    return `<a href="${address}" style="color:${BRAND_BLUE};overflow-wrap:anywhere">${address}</a>${trailing}`;
  });
}

function originOf(address: string) {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function describeOccurred(language: Language, { when, device, ipAddress }: Occurrence) {
  return language === "fr"
    ? `Cela s'est produit le ${when} (heure de Toronto), depuis ${device || "un navigateur inconnu"}, à l'adresse ${ipAddress}.`
    : `This happened on ${when} (Toronto time), from ${device || "an unknown browser"}, at the address ${ipAddress}.`;
}
