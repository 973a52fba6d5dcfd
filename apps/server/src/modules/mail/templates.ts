import { getGreetingName } from "@precis/contract/account-texts";
import type { Language } from "@precis/contract/auth";
import type { AppConfig } from "../../config.ts";
import { type FirmEmailParams, firmTemplates } from "./firm-templates.ts";
import { asGreetingName, greetings } from "./greeting.ts";
import type { Occurrence } from "./occurrence.ts";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface EmailContext {
  productName: string;
  supportEmail: string;
  publicUrl: string;
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

export type EmailParams = {
  welcome: { name: string };
  resetCode: { name: string; code: string; validMinutes: number };
  passwordChanged: {
    name: string;
    hasKeptThisSession: boolean;
    /** False when a Google or Microsoft account has just set its first password. */
    hadPassword?: boolean;
    occurred?: Occurrence;
  };
  emailChanged: { name: string; newEmail: string; occurred?: Occurrence };
  verifyEmail: { name: string; code: string; link: string; validMinutes: number; isNewAddress: boolean };
  accessEnding: { name: string; access: "trial" | "student"; daysLeft: number; endsOn: string };
  ssoLinked: { name: string; provider: string; occurred?: Occurrence };
  accountSecured: { name: string; provider: string; occurred?: Occurrence };
  secondFactorChanged: { name: string; change: SecondFactorChange; passkeyName?: string; occurred?: Occurrence };
  newSignIn: { name: string; when: string; device: string; ipAddress: string };
  deletionScheduled: { name: string; deletionDate: string; cancelLink: string };
  secondStepFailed: { name: string; place: SecondStepPlace; occurred?: Occurrence };
  secondStepLocked: {
    name: string;
    place: SecondStepPlace;
    unlockLink: string;
    validDays: number;
    occurred?: Occurrence;
  };
  emailChangedWithUndo: { name: string; newEmail: string; undoLink: string; validDays: number; occurred?: Occurrence };
  emailClaimRefused: { name: string };
} & FirmEmailParams;
export type EmailKind = keyof EmailParams;

/**
 * Where a second-step code was typed (decision 042): after the right password (the sign-in's second step), or in a
 * signed-in session (the step-up, turning the app off). Each tells the owner of a different leak.
 */
export type SecondStepPlace = "signIn" | "session";

/** The changes to an account's second factors that its owner is told of. */
export type SecondFactorChange = "totpOn" | "totpOff" | "recoveryCodesRenewed" | "passkeyAdded" | "passkeyRemoved";

/**
 * What a subject may read of an email's params: a choice among our own words (which access ends and in how many
 * days, which second factor changed, whether sign-in is locked, which provider), never text someone typed. A subject
 * is what a mail client shows first and what no quotation marks can frame as a name, so a firm's or a person's
 * name goes in the body only (issue 53, finding 10).
 */
export const SUBJECT_CHOICES = ["access", "daysLeft", "change", "isLocked", "provider"] as const;
type SubjectChoices<P> = Pick<P, Extract<keyof P, (typeof SUBJECT_CHOICES)[number]>>;

interface Template<P> {
  subject: (ctx: EmailContext, choices: SubjectChoices<P>) => string;
  /** Paragraphs; a paragraph that is only the security code is shown large in HTML. */
  paragraphs: (ctx: EmailContext, params: P) => string[];
}

/** Every email's texts, by kind and language (exported for the test that holds every subject to SUBJECT_CHOICES). */
export const emailTemplates: { [K in EmailKind]: Record<Language, Template<EmailParams[K]>> } = {
  welcome: {
    en: {
      subject: (ctx) => `Welcome to ${ctx.productName}`,
      paragraphs: (ctx, { name }) => [
        greetings.en(name),
        `Thank you for registering with ${ctx.productName}. Your account is ready.`,
        `Next steps: install the ${ctx.productName} extension, log in, and open any decision on CanLII to get a memo, chat with the case, or optimise your searches.`,
        `Your profile and memo preferences: ${ctx.publicUrl}/profile`,
        `Questions? Write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Bienvenue sur ${ctx.productName}`,
      paragraphs: (ctx, { name }) => [
        greetings.fr(name),
        `Merci de vous être inscrit à ${ctx.productName}. Votre compte est prêt.`,
        `Prochaines étapes : installez l'extension ${ctx.productName}, connectez-vous, puis ouvrez une décision sur CanLII pour obtenir un mémo, discuter de la décision ou optimiser vos recherches.`,
        `Votre profil et vos préférences de mémos : ${ctx.publicUrl}/profile`,
        `Des questions? Écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  resetCode: {
    en: {
      subject: (ctx) => `Your ${ctx.productName} security code`,
      paragraphs: (ctx, { name, code, validMinutes }) => [
        greetings.en(name),
        `Someone asked to reset the password of your ${ctx.productName} account. Enter this security code on the reset page:`,
        code,
        `The code is valid for ${validMinutes} minutes and can be used once. If you did not ask for it, ignore this email: your password stays as it is.`,
      ],
    },
    fr: {
      subject: (ctx) => `Votre code de sécurité ${ctx.productName}`,
      paragraphs: (ctx, { name, code, validMinutes }) => [
        greetings.fr(name),
        `Une demande de réinitialisation du mot de passe de votre compte ${ctx.productName} a été faite. Saisissez ce code de sécurité sur la page de réinitialisation :`,
        code,
        `Le code est valide pendant ${validMinutes} minutes et ne peut servir qu'une fois. Si vous n'avez rien demandé, ignorez ce courriel : votre mot de passe reste inchangé.`,
      ],
    },
  },
  passwordChanged: {
    en: {
      subject: (ctx) => `Your ${ctx.productName} password was changed`,
      paragraphs: (ctx, { name, hasKeptThisSession, hadPassword = true }) => [
        greetings.en(name),
        !hadPassword
          ? `A password was set for your ${ctx.productName} account: you can now log in with your email and this password as well as with Google or Microsoft. Every other session was signed out.`
          : hasKeptThisSession
            ? `The password of your ${ctx.productName} account was just changed from your account page, and every other session was signed out.`
            : `The password of your ${ctx.productName} account was just changed, and every session was signed out.`,
        `If this was not you, reset your password now at ${ctx.publicUrl}/login/find-user and write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Le mot de passe de votre compte ${ctx.productName} a été modifié`,
      paragraphs: (ctx, { name, hasKeptThisSession, hadPassword = true }) => [
        greetings.fr(name),
        !hadPassword
          ? `Un mot de passe a été défini pour votre compte ${ctx.productName} : vous pouvez désormais vous connecter avec votre adresse courriel et ce mot de passe, comme avec Google ou Microsoft. Toutes les autres sessions ont été fermées.`
          : hasKeptThisSession
            ? `Le mot de passe de votre compte ${ctx.productName} vient d'être modifié depuis la page de votre compte, et toutes les autres sessions ont été fermées.`
            : `Le mot de passe de votre compte ${ctx.productName} vient d'être modifié et toutes les sessions ont été fermées.`,
        `Si vous n'êtes pas à l'origine de ce changement, réinitialisez votre mot de passe dès maintenant à ${ctx.publicUrl}/login/find-user et écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  emailChanged: {
    en: {
      subject: (ctx) => `Your ${ctx.productName} email address was changed`,
      paragraphs: (ctx, { name, newEmail }) => [
        greetings.en(name),
        `The email address of your ${ctx.productName} account was changed to ${newEmail}. From now on, sign in with that account.`,
        `If this was not you, write to ${ctx.supportEmail} at once.`,
      ],
    },
    fr: {
      subject: (ctx) => `L'adresse courriel de votre compte ${ctx.productName} a été modifiée`,
      paragraphs: (ctx, { name, newEmail }) => [
        greetings.fr(name),
        `L'adresse courriel de votre compte ${ctx.productName} est désormais ${newEmail}. Connectez-vous dorénavant avec ce compte.`,
        `Si vous n'êtes pas à l'origine de ce changement, écrivez immédiatement à ${ctx.supportEmail}.`,
      ],
    },
  },
  verifyEmail: {
    en: {
      subject: (ctx) => `Confirm your ${ctx.productName} email address`,
      paragraphs: (ctx, { name, code, link, validMinutes, isNewAddress }) => [
        greetings.en(name),
        isNewAddress
          ? `Your ${ctx.productName} account asked to use this address. Enter this code on your account page to confirm it:`
          : `Please confirm the email address of your ${ctx.productName} account. Enter this code in the banner of any page of your account:`,
        code,
        `Or open this link: ${link}`,
        `The code is valid for ${validMinutes} minutes and can be used once. Your free trial starts once your address is confirmed. If you did not ask for this, ignore this email.`,
      ],
    },
    fr: {
      subject: (ctx) => `Confirmez votre adresse courriel ${ctx.productName}`,
      paragraphs: (ctx, { name, code, link, validMinutes, isNewAddress }) => [
        greetings.fr(name),
        isNewAddress
          ? `Votre compte ${ctx.productName} a demandé à utiliser cette adresse. Saisissez ce code sur la page de votre compte pour la confirmer :`
          : `Veuillez confirmer l'adresse courriel de votre compte ${ctx.productName}. Saisissez ce code dans le bandeau de n'importe quelle page de votre compte :`,
        code,
        `Ou ouvrez ce lien : ${link}`,
        `Le code est valide pendant ${validMinutes} minutes et ne peut servir qu'une fois. Votre essai gratuit commence dès que votre adresse est confirmée. Si vous n'avez rien demandé, ignorez ce courriel.`,
      ],
    },
  },
  accessEnding: {
    en: {
      subject: (ctx, { access, daysLeft }) =>
        `Your ${ctx.productName} ${access === "trial" ? "free trial" : "student access"} ends in ${daysLeft === 1 ? "1 day" : `${daysLeft} days`}`,
      paragraphs: (ctx, { name, access, endsOn }) => [
        greetings.en(name),
        `Your ${access === "trial" ? "free trial" : "free student access"} to ${ctx.productName} ends on ${endsOn}.`,
        `To keep your memos, case chat and search optimizer, choose a plan: ${ctx.publicUrl}/subscription`,
        `Questions? Write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx, { access, daysLeft }) =>
        `Votre ${access === "trial" ? "essai gratuit" : "accès étudiant"} ${ctx.productName} se termine dans ${daysLeft === 1 ? "1 jour" : `${daysLeft} jours`}`,
      paragraphs: (ctx, { name, access, endsOn }) => [
        greetings.fr(name),
        `Votre ${access === "trial" ? "essai gratuit" : "accès étudiant gratuit"} à ${ctx.productName} se termine le ${endsOn}.`,
        `Pour garder vos mémos, le clavardage sur les décisions et l'optimiseur de recherche, choisissez un forfait : ${ctx.publicUrl}/subscription`,
        `Des questions? Écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  ssoLinked: {
    en: {
      subject: (ctx, { provider }) => `${provider} sign-in was added to your ${ctx.productName} account`,
      paragraphs: (ctx, { name, provider }) => [
        greetings.en(name),
        `${provider} sign-in was added to your account: you can now log in to ${ctx.productName} with your ${provider} account as well as with your password.`,
        `If this was not you, reset your password now at ${ctx.publicUrl}/login/find-user, secure your ${provider} account, and write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx, { provider }) => `La connexion ${provider} a été ajoutée à votre compte ${ctx.productName}`,
      paragraphs: (ctx, { name, provider }) => [
        greetings.fr(name),
        `La connexion ${provider} a été ajoutée à votre compte : vous pouvez désormais vous connecter à ${ctx.productName} avec votre compte ${provider} comme avec votre mot de passe.`,
        `Si vous n'êtes pas à l'origine de cet ajout, réinitialisez votre mot de passe dès maintenant à ${ctx.publicUrl}/login/find-user, sécurisez votre compte ${provider} et écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  accountSecured: {
    en: {
      subject: (ctx) => `Your ${ctx.productName} account is now secured by your sign-in provider`,
      paragraphs: (ctx, { name, provider }) => [
        greetings.en(name),
        `You just signed in to ${ctx.productName} with ${provider}. A password account had been opened with this email address, but the address had never been confirmed, so we could not tell whether you opened it.`,
        `To keep anyone else out, we removed that password and signed out every session of the account. From now on you sign in with ${provider}; you can set a new password at any time at ${ctx.publicUrl}/login/find-user.`,
        `If you did not open a ${ctx.productName} account yourself, someone else may have tried to: nothing more is needed from you. Questions? Write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Votre compte ${ctx.productName} est maintenant protégé par votre fournisseur de connexion`,
      paragraphs: (ctx, { name, provider }) => [
        greetings.fr(name),
        `Vous venez de vous connecter à ${ctx.productName} avec ${provider}. Un compte avec mot de passe avait été ouvert à cette adresse courriel, mais l'adresse n'avait jamais été confirmée : nous ne pouvions pas savoir si c'était vous.`,
        `Pour que personne d'autre n'y ait accès, nous avons supprimé ce mot de passe et fermé toutes les sessions du compte. Vous vous connectez désormais avec ${provider}; vous pouvez définir un nouveau mot de passe à tout moment à ${ctx.publicUrl}/login/find-user.`,
        `Si vous n'avez pas ouvert vous-même de compte ${ctx.productName}, quelqu'un a peut-être essayé de le faire : vous n'avez rien d'autre à faire. Des questions? Écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  secondFactorChanged: {
    en: {
      subject: (ctx, { change }) =>
        ({
          totpOn: `Two-step verification was turned on for your ${ctx.productName} account`,
          totpOff: `Two-step verification was turned off for your ${ctx.productName} account`,
          recoveryCodesRenewed: `New recovery codes were made for your ${ctx.productName} account`,
          passkeyAdded: `A passkey was added to your ${ctx.productName} account`,
          passkeyRemoved: `A passkey was removed from your ${ctx.productName} account`,
        })[change],
      paragraphs: (ctx, { name, change, passkeyName }) => [
        greetings.en(name),
        {
          totpOn:
            "Two-step verification with an authenticator app was turned on: signing in with your password now also asks for a code from the app.",
          totpOff:
            "Two-step verification with an authenticator app was turned off: signing in with your password no longer asks for a code.",
          recoveryCodesRenewed:
            "A new set of ten recovery codes was made for your account. The earlier codes no longer work.",
          passkeyAdded: `The passkey "${passkeyName ?? ""}" was added to your account: it can now sign in to ${ctx.productName} without a password.`,
          passkeyRemoved: `The passkey "${passkeyName ?? ""}" was removed from your account: it can no longer sign in.`,
        }[change],
        `If this was not you, reset your password now at ${ctx.publicUrl}/login/find-user, review Profile › Security (${ctx.publicUrl}/profile/Security), and write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx, { change }) =>
        ({
          totpOn: `La vérification en deux étapes a été activée pour votre compte ${ctx.productName}`,
          totpOff: `La vérification en deux étapes a été désactivée pour votre compte ${ctx.productName}`,
          recoveryCodesRenewed: `De nouveaux codes de récupération ont été créés pour votre compte ${ctx.productName}`,
          passkeyAdded: `Une clé d'accès a été ajoutée à votre compte ${ctx.productName}`,
          passkeyRemoved: `Une clé d'accès a été retirée de votre compte ${ctx.productName}`,
        })[change],
      paragraphs: (ctx, { name, change, passkeyName }) => [
        greetings.fr(name),
        {
          totpOn:
            "La vérification en deux étapes par application d'authentification a été activée : la connexion par mot de passe demande désormais aussi un code de l'application.",
          totpOff:
            "La vérification en deux étapes par application d'authentification a été désactivée : la connexion par mot de passe ne demande plus de code.",
          recoveryCodesRenewed:
            "Un nouvel ensemble de dix codes de récupération a été créé pour votre compte. Les codes précédents ne fonctionnent plus.",
          passkeyAdded: `La clé d'accès « ${passkeyName ?? ""} » a été ajoutée à votre compte : elle permet désormais de se connecter à ${ctx.productName} sans mot de passe.`,
          passkeyRemoved: `La clé d'accès « ${passkeyName ?? ""} » a été retirée de votre compte : elle ne permet plus de se connecter.`,
        }[change],
        `Si vous n'êtes pas à l'origine de ce changement, réinitialisez votre mot de passe dès maintenant à ${ctx.publicUrl}/login/find-user, vérifiez Profil › Sécurité (${ctx.publicUrl}/profile/Security) et écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  newSignIn: {
    en: {
      subject: (ctx) => `New sign-in to your ${ctx.productName} account`,
      paragraphs: (ctx, { name, when, device, ipAddress }) => [
        greetings.en(name),
        `Your ${ctx.productName} account was signed in to from a browser it had not used before: ${device || "an unknown browser"}, at ${when} (Toronto time), from the address ${ipAddress}.`,
        "If this was you, there is nothing to do.",
        `If it wasn't, change your password now (${ctx.publicUrl}/login/find-user), sign that session out under Profile › Security (${ctx.publicUrl}/profile/Security), and write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Nouvelle connexion à votre compte ${ctx.productName}`,
      paragraphs: (ctx, { name, when, device, ipAddress }) => [
        greetings.fr(name),
        `Votre compte ${ctx.productName} a été utilisé depuis un navigateur qu'il n'avait jamais utilisé : ${device || "un navigateur inconnu"}, le ${when} (heure de Toronto), depuis l'adresse ${ipAddress}.`,
        "Si c'était vous, vous n'avez rien à faire.",
        `Sinon, changez votre mot de passe dès maintenant (${ctx.publicUrl}/login/find-user), fermez cette session sous Profil › Sécurité (${ctx.publicUrl}/profile/Security) et écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  deletionScheduled: {
    en: {
      subject: (ctx) => `Your ${ctx.productName} account will be deleted`,
      paragraphs: (ctx, { name, deletionDate, cancelLink }) => [
        greetings.en(name),
        `As you asked, your ${ctx.productName} account and everything we keep about it will be deleted on ${deletionDate}. Every session was signed out, and any subscription will be cancelled then.`,
        `Changed your mind? Cancel the deletion before that day with this link: ${cancelLink}`,
        `You can also log in before then and choose to keep your account. If you did not ask for this, cancel it now and change your password; then write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Votre compte ${ctx.productName} sera supprimé`,
      paragraphs: (ctx, { name, deletionDate, cancelLink }) => [
        greetings.fr(name),
        `Comme vous l'avez demandé, votre compte ${ctx.productName} et tout ce que nous conservons à son sujet seront supprimés le ${deletionDate}. Toutes les sessions ont été fermées, et tout abonnement sera annulé à cette date.`,
        `Vous avez changé d'avis? Annulez la suppression avant cette date avec ce lien : ${cancelLink}`,
        `Vous pouvez aussi vous connecter d'ici là et choisir de garder votre compte. Si vous n'avez rien demandé, annulez-la maintenant et changez votre mot de passe, puis écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  // Issue 42, finding 4 and issue 53, finding 6: a wrong second-step code, after the right password or in a session.
  secondStepFailed: {
    en: {
      subject: (ctx) => `A wrong two-step verification code was entered for your ${ctx.productName} account`,
      paragraphs: (ctx, { name, place }) => [
        greetings.en(name),
        place === "signIn"
          ? `Someone who knows your ${ctx.productName} password just entered a wrong two-step verification code. If this was you, there is nothing to do.`
          : `Someone signed in to your ${ctx.productName} account just entered a wrong two-step verification code to confirm who they are. If this was you, there is nothing to do.`,
        place === "signIn"
          ? `If it wasn't, someone knows your password: change it now at ${ctx.publicUrl}/login/find-user and write to ${ctx.supportEmail}.`
          : `If it wasn't, someone is using one of your sessions: sign it out under Profile › Security (${ctx.publicUrl}/profile/Security), change your password at ${ctx.publicUrl}/login/find-user and write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) =>
        `Un code de vérification en deux étapes erroné a été saisi pour votre compte ${ctx.productName}`,
      paragraphs: (ctx, { name, place }) => [
        greetings.fr(name),
        place === "signIn"
          ? `Quelqu'un qui connaît votre mot de passe ${ctx.productName} vient de saisir un code de vérification en deux étapes erroné. Si c'était vous, vous n'avez rien à faire.`
          : `Quelqu'un de connecté à votre compte ${ctx.productName} vient de saisir un code de vérification en deux étapes erroné pour confirmer son identité. Si c'était vous, vous n'avez rien à faire.`,
        place === "signIn"
          ? `Sinon, quelqu'un connaît votre mot de passe\u00a0: changez-le dès maintenant à ${ctx.publicUrl}/login/find-user et écrivez à ${ctx.supportEmail}.`
          : `Sinon, quelqu'un utilise l'une de vos sessions\u00a0: fermez-la sous Profil › Sécurité (${ctx.publicUrl}/profile/Security), changez votre mot de passe à ${ctx.publicUrl}/login/find-user et écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  // Issue 53, finding 6: the second step locked after too many wrong codes in a row, with the link that unlocks it.
  secondStepLocked: {
    en: {
      subject: (ctx) => `Two-step verification for your ${ctx.productName} account is locked`,
      paragraphs: (ctx, { name, place, unlockLink, validDays }) => [
        greetings.en(name),
        place === "signIn"
          ? `Someone entered your ${ctx.productName} password correctly, then too many wrong two-step verification codes in a row.`
          : `Someone signed in to your ${ctx.productName} account entered too many wrong two-step verification codes in a row.`,
        `To keep your account safe, codes from your authenticator app and recovery codes are refused until you unlock them with this link, within ${validDays} days: ${unlockLink}`,
        `After that, setting a new password with a code sent to this address unlocks them too: ${ctx.publicUrl}/login/find-user. A passkey still signs you in.`,
        `If this wasn't you, change your password, sign out the sessions you don't know under Profile › Security (${ctx.publicUrl}/profile/Security) and write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `La vérification en deux étapes de votre compte ${ctx.productName} est bloquée`,
      paragraphs: (ctx, { name, place, unlockLink, validDays }) => [
        greetings.fr(name),
        place === "signIn"
          ? `Quelqu'un a saisi correctement votre mot de passe ${ctx.productName}, puis trop de codes de vérification en deux étapes erronés d'affilée.`
          : `Quelqu'un de connecté à votre compte ${ctx.productName} a saisi trop de codes de vérification en deux étapes erronés d'affilée.`,
        `Pour protéger votre compte, les codes de votre application d'authentification et les codes de récupération sont refusés jusqu'à ce que vous les débloquiez avec ce lien, dans les ${validDays}\u00a0jours\u00a0: ${unlockLink}`,
        `Passé ce délai, définir un nouveau mot de passe avec un code envoyé à cette adresse les débloque aussi\u00a0: ${ctx.publicUrl}/login/find-user. Une clé d'accès permet toujours de vous connecter.`,
        `Si ce n'était pas vous, changez votre mot de passe, fermez les sessions que vous ne reconnaissez pas sous Profil › Sécurité (${ctx.publicUrl}/profile/Security) et écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  // Issue 42: the old address of a moved account gets a link that takes the address back.
  emailChangedWithUndo: {
    en: {
      subject: (ctx) => `Your ${ctx.productName} email address was changed`,
      paragraphs: (ctx, { name, newEmail, undoLink, validDays }) => [
        greetings.en(name),
        `The email address of your ${ctx.productName} account was changed to ${newEmail}. If this was you, there is nothing to do.`,
        `If this was not you, take your address back with this link within ${validDays} days: ${undoLink}`,
        `The link gives the account this address back, signs out every session and removes the password, so whoever made the change is locked out. You then set a new password with "Forgot password" at ${ctx.publicUrl}/login/find-user. Questions? Write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `L'adresse courriel de votre compte ${ctx.productName} a été modifiée`,
      paragraphs: (ctx, { name, newEmail, undoLink, validDays }) => [
        greetings.fr(name),
        `L'adresse courriel de votre compte ${ctx.productName} est désormais ${newEmail}. Si c'était vous, vous n'avez rien à faire.`,
        `Si vous n'êtes pas à l'origine de ce changement, reprenez votre adresse avec ce lien dans les ${validDays} jours : ${undoLink}`,
        `Le lien redonne cette adresse au compte, ferme toutes les sessions et supprime le mot de passe, de sorte que l'auteur du changement n'y a plus accès. Vous définissez ensuite un nouveau mot de passe avec « Mot de passe oublié » à ${ctx.publicUrl}/login/find-user. Des questions? Écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  // Issue 42: another account asked to move to this address. The asker is told "sent" either way; nothing moves.
  emailClaimRefused: {
    en: {
      subject: (ctx) => `Someone tried to use your email address on ${ctx.productName}`,
      paragraphs: (ctx, { name }) => [
        greetings.en(name),
        `Another ${ctx.productName} account asked to use this email address. Your account keeps it: nothing was changed, and no code was sent.`,
        `If this was you, sign in to the account that already uses this address instead. Otherwise there is nothing to do. Questions? Write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Quelqu'un a tenté d'utiliser votre adresse courriel sur ${ctx.productName}`,
      paragraphs: (ctx, { name }) => [
        greetings.fr(name),
        `Un autre compte ${ctx.productName} a demandé à utiliser cette adresse courriel. Votre compte la garde : rien n'a été modifié et aucun code n'a été envoyé.`,
        `Si c'était vous, connectez-vous plutôt au compte qui utilise déjà cette adresse. Sinon, vous n'avez rien à faire. Des questions? Écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  ...firmTemplates,
};

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

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const unescapeHtml = (text: string) =>
  text.replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)));

/**
 * Text a person chose (a first name, a username, a passkey's name) that an email repeats. A security email is
 * where a phishing line would be most believed (issue 42, finding 7): the text is made plain data. Line breaks
 * and invisible characters go (no fake paragraphs, no reordered text), double quotes and guillemets go (the
 * templates' own quotes cannot be closed early; an apostrophe, as in O'Brien, stays), and anything shaped like a
 * domain is defanged, its dots and scheme bracketed ("https[:]//evil[.]example/login"), so no mail client makes
 * a link of it, in text or HTML. Long text is cut.
 */
export function asQuotedData(text: string, maxLength = 60) {
  const plain = text
    .normalize("NFKC")
    .replace(/[\u3002\uff61]/g, ".")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/["`\u201c-\u201f\u00ab\u00bb\u2039\u203a<>]/g, "")
    .replace(/:\/\//g, "[:]//")
    .replace(/([\p{L}\p{N}_-])\.(?=[\p{L}\p{N}_-]{2})/gu, "$1[.]")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > maxLength ? `${plain.slice(0, maxLength - 1)}…` : plain;
}

/**
 * The params with each field that holds someone's own words replaced by a slot (a number between two characters
 * of Unicode's private-use area, which no template writes), the words kept in `userTexts` in slot order.
 */
function withUserTextInSlots<P>(params: P, userTexts: string[]): P {
  const copy = { ...params } as Record<string, unknown>;
  for (const field of Object.keys(USER_TEXT_FIELDS)) {
    const text = copy[field];
    if (typeof text === "string") {
      copy[field] = `\uE000${userTexts.length}\uE001`;
      userTexts.push(text);
    }
  }
  return copy as P;
}

/** The person's words back in their slots, escaped, never linked (asQuotedData has already defanged them). */
const fillUserTextSlots = (html: string, userTexts: string[]) =>
  html.replace(/\uE000(\d+)\uE001/g, (_slot, index: string) => escapeHtml(userTexts[Number(index)] ?? ""));

/**
 * Every field that holds someone's own words, with the longest text an email repeats of it: the greeting's name,
 * a passkey's name, a firm's name (up to its 100 characters) and the name of the person who invited someone.
 */
const USER_TEXT_FIELDS = { name: 60, passkeyName: 60, firmName: 100, inviterName: 100 } as const;

/** The params with every field of USER_TEXT_FIELDS made plain data, and a greeting's name kept only if it is one. */
function withUserTextAsData<P>(params: P): P {
  const copy = { ...params } as Record<string, unknown>;
  for (const [field, maxLength] of Object.entries(USER_TEXT_FIELDS)) {
    const text = copy[field];
    if (typeof text === "string") copy[field] = asQuotedData(text, maxLength);
  }
  if (typeof copy.name === "string") copy.name = asGreetingName(copy.name);
  return copy as P;
}
