import type { Language } from "@precis/contract/auth";
import { greetings } from "./greeting.ts";

/*
 * The emails of firm accounts (issue 44), in English and French. render.ts registers them beside the others and
 * renders them (plain text and escaped HTML). A firm's name and an inviter's name are someone's own words: they
 * never reach a subject, which is always our own fixed text, and in the body each stands in quotation marks after
 * "the firm named" or "the person named", so whatever it says reads as a name, never as Precis telling the reader
 * to do something (issue 53, finding 10). render.ts makes them plain data first (asQuotedData, user-text.ts), so they hold no
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
  /** To a person who asked to leave their firm by email, its policy refusing how they sign in (decision 043). */
  firmLeaveLink: { name: string; firmName: string; link: string; validHours: number };
  firmMemberRemoved: { name: string; firmName: string };
  firmDeleted: { name: string; firmName: string };
  /** To a person an `automatic` domain brought in, with nobody's invitation (decision 038). */
  firmJoinedByDomain: {
    name: string;
    firmName: string;
    domain: string;
    firmLink: string;
    contactName: string;
    contactEmail: string;
  };
  /** To a firm's owners and admins: a domain lost suggest or automatic for want of its DNS proof. */
  firmDomainReturnedToInvitation: {
    name: string;
    domain: string;
    previousMode: "suggest" | "automatic";
    /** recordMissing: the daily check did not find the record for the grace; neverProven: the migration's. */
    reason: "recordMissing" | "neverProven";
    /** Since when the record was missing (recordMissing), as a date in the reader's language. */
    missingSince?: string;
    graceDays: number;
    recordName: string;
    recordValue: string;
    domainsLink: string;
  };
  /** To each owner and admin, when fewer seats than members leave some without one (issue 53). */
  firmSeatsShort: { name: string; firmName: string; seats: number; members: number; unseated: number };
  /** To each owner and admin: a person at an automatic domain was left out, every seat taken or held (issue 56). */
  firmSeatRefused: {
    name: string;
    firmName: string;
    email: string;
    domain: string;
    seats: number;
    members: number;
    openInvitations: number;
  };
  /** To the inviter: the invited address declined the invitation (issue 56). */
  firmInvitationDeclined: { name: string; firmName: string; email: string };
  /** To a member whose sessions an owner or admin of their firm ended, portal and extension alike (issue 56). */
  firmSessionsEnded: { name: string; firmName: string; signInLink: string };
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

const modeNames: Record<Language, Record<"suggest" | "automatic", string>> = {
  en: { suggest: "Suggest", automatic: "Automatic" },
  fr: { suggest: "Suggestion", automatic: "Automatique" },
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
        `Pour accepter, connectez-vous avec le compte de cette adresse courriel (ou créez-en un et vérifiez-le), puis ouvrez ce lien\u00a0: ${link}`,
        `Le lien est valide pendant ${validDays} jours et ne peut servir qu'une fois. Si vous ne l'attendiez pas, ignorez ce courriel\u00a0: rien ne change.`,
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
  firmLeaveLink: {
    en: {
      subject: (ctx) => `Leave your firm on ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName, link, validHours }) => [
        greetings.en(name),
        `You asked to leave the firm named ${quotedName.en(firmName)} on ${ctx.productName} without signing in. Open this link, valid ${validHours} hours and usable once, then press the button on the page:`,
        link,
        keeps.en(ctx.productName),
        `If you did not ask for this, ignore this email: nothing changes.`,
      ],
    },
    fr: {
      subject: (ctx) => `Quitter votre cabinet sur ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName, link, validHours }) => [
        greetings.fr(name),
        `Vous avez demandé à quitter le cabinet nommé ${quotedName.fr(firmName)} sur ${ctx.productName} sans vous connecter. Ouvrez ce lien, valide ${validHours} heures et utilisable une seule fois, puis appuyez sur le bouton de la page\u00a0:`,
        link,
        keeps.fr(ctx.productName),
        `Si vous n'avez rien demandé, ignorez ce courriel\u00a0: rien ne change.`,
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
        `Des questions\u202f? Adressez-vous à votre cabinet, ou écrivez à ${ctx.supportEmail}.`,
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
        `Des questions\u202f? Adressez-vous à votre cabinet, ou écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  // Fixed subjects: the firm's name, someone's own words, is only in the body, quoted as a name.
  firmJoinedByDomain: {
    en: {
      subject: (ctx) => `A firm now manages your ${ctx.productName} access`,
      paragraphs: (ctx, { name, firmName, domain, firmLink, contactName, contactEmail }) => [
        greetings.en(name),
        `Your email address is at ${domain}, a domain the firm named ${quotedName.en(firmName)} has proven is its own on ${ctx.productName}. You are now one of its members, and it manages your access: its seats, sign-in rules and two-step policy apply to you, and its administrators see your name, address and memo counts (never your memos or settings).`,
        `Not your firm, or you would rather stay on your own? Open ${firmLink} and choose Leave the firm. Your account, presets and history stay as they are, and you go back to your own access.`,
        `Questions about this firm: write to ${contactName} (${contactEmail}), one of its owners. Anything else: ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Un cabinet gère maintenant votre accès à ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName, domain, firmLink, contactName, contactEmail }) => [
        greetings.fr(name),
        `Votre adresse courriel est au domaine ${domain}, dont le cabinet nommé ${quotedName.fr(firmName)} a prouvé qu'il est le sien sur ${ctx.productName}. Vous êtes maintenant l'un de ses membres, et il gère votre accès\u00a0: ses places, ses règles de connexion et sa politique de vérification en deux étapes s'appliquent à vous, et ses administrateurs voient votre nom, votre adresse et vos nombres de mémos (jamais vos mémos ni vos réglages).`,
        `Ce n'est pas votre cabinet, ou vous préférez rester seul\u202f? Ouvrez ${firmLink} et choisissez Quitter le cabinet. Votre compte, vos préréglages et votre historique restent tels quels, et vous retrouvez votre propre accès.`,
        `Des questions sur ce cabinet\u202f? Écrivez à ${contactName} (${contactEmail}), l'un de ses propriétaires. Pour toute autre question\u00a0: ${ctx.supportEmail}.`,
      ],
    },
  },
  firmDomainReturnedToInvitation: {
    en: {
      subject: (ctx) => `A domain of your firm is by invitation only on ${ctx.productName}`,
      paragraphs: (ctx, params) => [
        greetings.en(params.name),
        params.reason === "recordMissing"
          ? `The DNS record that proves ${params.domain} is your firm's has been missing since ${params.missingSince}, for ${params.graceDays} days in a row, so ${params.domain} is back to Invitation only: it was ${modeNames.en[params.previousMode]}.`
          : `${ctx.productName} now lets people at a domain join a firm without an invitation only once a DNS record proves the domain is the firm's. No record has proven ${params.domain} yet, so it is back to Invitation only: it was ${modeNames.en[params.previousMode]}.`,
        "Nobody left your firm, and invitations work as before. Only people at the domain who were not invited no longer join, or see the suggestion to.",
        `To turn ${modeNames.en[params.previousMode]} on again, publish this TXT record in your domain's DNS: name ${params.recordName}, value ${params.recordValue}. Then, under Domains (${params.domainsLink}), choose Check now and the mode again.`,
        `Questions? Write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Un domaine de votre cabinet est sur invitation seulement sur ${ctx.productName}`,
      paragraphs: (ctx, params) => [
        greetings.fr(params.name),
        params.reason === "recordMissing"
          ? `L'enregistrement DNS qui prouve que ${params.domain} est à votre cabinet est introuvable depuis le ${params.missingSince}, soit ${params.graceDays} jours de suite\u00a0: ${params.domain} repasse donc en mode Sur invitation seulement. Il était en mode ${modeNames.fr[params.previousMode]}.`
          : `${ctx.productName} ne laisse désormais les personnes d'un domaine rejoindre un cabinet sans invitation qu'une fois qu'un enregistrement DNS prouve que le domaine est au cabinet. Aucun enregistrement n'a encore prouvé ${params.domain}\u00a0: il repasse donc en mode Sur invitation seulement. Il était en mode ${modeNames.fr[params.previousMode]}.`,
        "Personne n'a quitté votre cabinet, et les invitations fonctionnent comme avant. Seules les personnes du domaine qui n'ont pas été invitées ne le rejoignent plus et ne se le voient plus suggérer.",
        `Pour réactiver le mode ${modeNames.fr[params.previousMode]}, publiez cet enregistrement TXT dans le DNS de votre domaine\u00a0: nom ${params.recordName}, valeur ${params.recordValue}. Puis, sous Domaines (${params.domainsLink}), choisissez Vérifier maintenant, puis le mode.`,
        `Des questions\u202f? Écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  firmSeatsShort: {
    en: {
      subject: () => "Some members of your firm no longer have a seat",
      paragraphs: (ctx, { name, firmName, seats, members, unseated }) => [
        greetings.en(name),
        `The subscription of your firm, the firm named ${quotedName.en(firmName)}, on ${ctx.productName} has fewer seats than members. Seats: ${seats}. Members: ${members}. Without a seat: ${unseated}.`,
        "Members without a seat stay in the firm and use their own access (trial, student or personal plan) until a seat is free. Seats go to owners first, then to members in the order they joined.",
        `To give them a seat again, add seats in the firm's Seats and billing tab: ${ctx.publicUrl}/firm?tab=billing`,
        `Questions? Write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: () => "Des membres de votre cabinet n'ont plus de siège",
      paragraphs: (ctx, { name, firmName, seats, members, unseated }) => [
        greetings.fr(name),
        `L'abonnement de votre cabinet, le cabinet nommé ${quotedName.fr(firmName)}, sur ${ctx.productName} compte moins de sièges que de membres. Sièges\u00a0: ${seats}. Membres\u00a0: ${members}. Sans siège\u00a0: ${unseated}.`,
        "Les membres sans siège restent dans le cabinet et utilisent leur propre accès (essai, étudiant ou forfait personnel) jusqu'à ce qu'un siège se libère. Les sièges vont d'abord aux propriétaires, puis aux membres dans l'ordre de leur arrivée.",
        `Pour leur redonner un siège, ajoutez des sièges dans l'onglet Sièges et facturation du cabinet\u00a0: ${ctx.publicUrl}/firm?tab=billing`,
        `Des questions\u202f? Écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  firmSeatRefused: {
    en: {
      subject: () => "Someone could not join your firm: no free seat",
      paragraphs: (ctx, { name, firmName, email, domain, seats, members, openInvitations }) => [
        greetings.en(name),
        `${email} verified an address at ${domain}, a domain that joins people to your firm, the firm named ${quotedName.en(firmName)}, on ${ctx.productName}. They were not added: every seat is taken or held by an open invitation. Seats: ${seats}. Members: ${members}. Open invitations: ${openInvitations}.`,
        `To let them in, add seats or revoke an invitation in the firm's Seats and billing tab (${ctx.publicUrl}/firm?tab=billing), then invite them.`,
        `Questions? Write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: () => "Une personne n'a pas pu rejoindre votre cabinet\u00a0: aucun siège libre",
      paragraphs: (ctx, { name, firmName, email, domain, seats, members, openInvitations }) => [
        greetings.fr(name),
        `${email} a vérifié une adresse au domaine ${domain}, qui fait rejoindre votre cabinet, le cabinet nommé ${quotedName.fr(firmName)}, sur ${ctx.productName}. Cette personne n'a pas été ajoutée\u00a0: tous les sièges sont pris ou réservés par une invitation ouverte. Sièges\u00a0: ${seats}. Membres\u00a0: ${members}. Invitations ouvertes\u00a0: ${openInvitations}.`,
        `Pour l'accueillir, ajoutez des sièges ou retirez une invitation dans l'onglet Sièges et facturation du cabinet (${ctx.publicUrl}/firm?tab=billing), puis invitez-la.`,
        `Des questions\u202f? Écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  firmInvitationDeclined: {
    en: {
      subject: (ctx) => `An invitation to your firm was declined on ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName, email }) => [
        greetings.en(name),
        `${email} declined your invitation to join the firm named ${quotedName.en(firmName)} on ${ctx.productName}. The invitation is closed, and its link no longer works.`,
        `To invite them again, use the firm's Invitations tab: ${ctx.publicUrl}/firm?tab=invitations`,
        `Questions? Write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Une invitation à votre cabinet a été déclinée sur ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName, email }) => [
        greetings.fr(name),
        `${email} a décliné votre invitation à rejoindre le cabinet nommé ${quotedName.fr(firmName)} sur ${ctx.productName}. L'invitation est close, et son lien ne fonctionne plus.`,
        `Pour l'inviter de nouveau, utilisez l'onglet Invitations du cabinet\u00a0: ${ctx.publicUrl}/firm?tab=invitations`,
        `Des questions\u202f? Écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  firmSessionsEnded: {
    en: {
      subject: (ctx) => `Your firm signed you out of ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName, signInLink }) => [
        greetings.en(name),
        `An administrator of the firm named ${quotedName.en(firmName)} ended all your ${ctx.productName} sessions: the portal and the browser extension, on every device.`,
        `Your account, presets and history are unchanged. To go on, sign in again: ${signInLink}`,
        `If you did not expect this, ask your firm, or write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Votre cabinet vous a déconnecté de ${ctx.productName}`,
      paragraphs: (ctx, { name, firmName, signInLink }) => [
        greetings.fr(name),
        `Un administrateur du cabinet nommé ${quotedName.fr(firmName)} a mis fin à toutes vos sessions ${ctx.productName}\u00a0: le portail et l'extension du navigateur, sur tous vos appareils.`,
        `Votre compte, vos préréglages et votre historique sont inchangés. Pour continuer, reconnectez-vous\u00a0: ${signInLink}`,
        `Si vous ne vous y attendiez pas, adressez-vous à votre cabinet, ou écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
};
