import type { Language } from "@precis/contract/auth";
import { greetings } from "./greeting.ts";

/*
 * The emails of firm accounts (issue 44), in English and French. templates.ts registers them beside the others and
 * renders them (plain text and escaped HTML). A firm's name and an inviter's name are someone's own words: they
 * never reach a subject, which is always our own fixed text, and in the body each stands in quotation marks after
 * "the firm named" or "the person named", so whatever it says reads as a name, never as Precis telling the reader
 * to do something (issue 53, finding 10). templates.ts makes them plain data first (asQuotedData), so they hold no
 * quotation mark of their own to close ours with.
 */

interface FirmEmailContext {
  productName: string;
  supportEmail: string;
  publicUrl: string;
}

export type FirmRoleInEmail = "owner" | "admin" | "member";

export type FirmEmailParams = {
  firmInvitation: { inviterName: string; firmName: string; role: FirmRoleInEmail; link: string; validDays: number };
  firmMemberLeft: { name: string; firmName: string };
  firmMemberRemoved: { name: string; firmName: string };
  firmDeleted: { name: string; firmName: string };
};

interface FirmTemplate<P> {
  /** Our own words only: a firm email's subject reads none of its params. */
  subject: (ctx: FirmEmailContext) => string;
  paragraphs: (ctx: FirmEmailContext, params: P) => string[];
}

/** A firm's or a person's name in the body, in each language's quotation marks (no-break spaces inside « »). */
const quotedName: Record<Language, (name: string) => string> = {
  en: (name) => `“${name}”`,
  fr: (name) => `«\u00a0${name}\u00a0»`,
};

const roleNames: Record<Language, Record<FirmRoleInEmail, string>> = {
  en: { owner: "an owner", admin: "an administrator", member: "a member" },
  fr: { owner: "en tant que propriétaire", admin: "en tant qu'administrateur", member: "en tant que membre" },
};

/** What a person keeps when they are no longer in a firm: the same sentence in every email that says so. */
const keeps: Record<Language, (productName: string) => string> = {
  en: (productName) =>
    `Your ${productName} account, your memo presets and your history stay as they are. You are back on your own access (trial, student or personal plan).`,
  fr: (productName) =>
    `Votre compte ${productName}, vos préréglages de mémo et votre historique restent tels quels. Vous retrouvez votre propre accès (essai, étudiant ou forfait personnel).`,
};

export const firmTemplates: { [K in keyof FirmEmailParams]: Record<Language, FirmTemplate<FirmEmailParams[K]>> } = {
  firmInvitation: {
    en: {
      subject: (ctx) => `An invitation to join a firm on ${ctx.productName}`,
      paragraphs: (ctx, { inviterName, firmName, role, link, validDays }) => [
        "Hello,",
        `The person named ${quotedName.en(inviterName)} invited you to join the firm named ${quotedName.en(firmName)} on ${ctx.productName} as ${roleNames.en[role]}.`,
        `To accept, sign in with the account of this email address (or create one and verify it), then open this link: ${link}`,
        `The link is valid for ${validDays} days and can be used once. If you were not expecting it, ignore this email: nothing changes.`,
      ],
    },
    fr: {
      subject: (ctx) => `Une invitation à rejoindre un cabinet sur ${ctx.productName}`,
      paragraphs: (ctx, { inviterName, firmName, role, link, validDays }) => [
        "Bonjour,",
        `La personne nommée ${quotedName.fr(inviterName)} vous invite à rejoindre le cabinet nommé ${quotedName.fr(firmName)} sur ${ctx.productName} ${roleNames.fr[role]}.`,
        `Pour accepter, connectez-vous avec le compte de cette adresse courriel (ou créez-en un et vérifiez-le), puis ouvrez ce lien : ${link}`,
        `Le lien est valide pendant ${validDays} jours et ne peut servir qu'une fois. Si vous ne l'attendiez pas, ignorez ce courriel : rien ne change.`,
      ],
    },
  },
  firmMemberLeft: {
    en: {
      subject: (ctx) => `You left your firm on ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName }) => [
        greetings.en(name),
        `You left the firm named ${quotedName.en(firmName)} on ${ctx.productName}.`,
        keeps.en(ctx.productName),
        `If this was not you, write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Vous avez quitté votre cabinet sur ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName }) => [
        greetings.fr(name),
        `Vous avez quitté le cabinet nommé ${quotedName.fr(firmName)} sur ${ctx.productName}.`,
        keeps.fr(ctx.productName),
        `Si vous n'êtes pas à l'origine de ce départ, écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  firmMemberRemoved: {
    en: {
      subject: (ctx) => `You are no longer a member of your firm on ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName }) => [
        greetings.en(name),
        `An administrator of the firm named ${quotedName.en(firmName)} removed you from the firm on ${ctx.productName}.`,
        keeps.en(ctx.productName),
        `Questions? Ask your firm, or write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Vous n'êtes plus membre de votre cabinet sur ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName }) => [
        greetings.fr(name),
        `Un administrateur du cabinet nommé ${quotedName.fr(firmName)} vous a retiré du cabinet sur ${ctx.productName}.`,
        keeps.fr(ctx.productName),
        `Des questions? Adressez-vous à votre cabinet, ou écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  firmDeleted: {
    en: {
      subject: (ctx) => `Your firm was closed on ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName }) => [
        greetings.en(name),
        `The owner of the firm named ${quotedName.en(firmName)} closed the firm's ${ctx.productName} account, and its seats with it.`,
        keeps.en(ctx.productName),
        `Questions? Ask your firm, or write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Votre cabinet a été fermé sur ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName }) => [
        greetings.fr(name),
        `Le propriétaire du cabinet nommé ${quotedName.fr(firmName)} a fermé le compte ${ctx.productName} du cabinet, et ses places avec lui.`,
        keeps.fr(ctx.productName),
        `Des questions? Adressez-vous à votre cabinet, ou écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
};
