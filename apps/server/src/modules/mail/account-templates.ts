import type { Language } from "@precis/contract/auth";
import { greetings } from "./greeting.ts";
import type { Occurrence } from "./occurrence.ts";

/*
 * The words of the account emails, in English and French: nothing else. render.ts renders them (plain text and
 * escaped HTML) and makes a person's own words plain data first (user-text.ts); firm-templates.ts holds the firm's.
 */

export interface EmailContext {
  productName: string;
  supportEmail: string;
  publicUrl: string;
}

export type AccountEmailParams = {
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
};

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

export interface Template<P> {
  subject: (ctx: EmailContext, choices: SubjectChoices<P>) => string;
  /** Paragraphs; a paragraph that is only the security code is shown large in HTML. */
  paragraphs: (ctx: EmailContext, params: P) => string[];
}

/** The account emails' texts, by kind and language; render.ts registers them beside the firm's and renders them. */
export const accountTemplates: {
  [K in keyof AccountEmailParams]: Record<Language, Template<AccountEmailParams[K]>>;
} = {
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
        `Prochaines étapes\u00a0: installez l'extension ${ctx.productName}, connectez-vous, puis ouvrez une décision sur CanLII pour obtenir un mémo, discuter de la décision ou optimiser vos recherches.`,
        `Votre profil et vos préférences de mémos\u00a0: ${ctx.publicUrl}/profile`,
        `Des questions\u202f? Écrivez à ${ctx.supportEmail}.`,
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
        `Une demande de réinitialisation du mot de passe de votre compte ${ctx.productName} a été faite. Saisissez ce code de sécurité sur la page de réinitialisation\u00a0:`,
        code,
        `Le code est valide pendant ${validMinutes} minutes et ne peut servir qu'une fois. Si vous n'avez rien demandé, ignorez ce courriel\u00a0: votre mot de passe reste inchangé.`,
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
          ? `Un mot de passe a été défini pour votre compte ${ctx.productName}\u00a0: vous pouvez désormais vous connecter avec votre adresse courriel et ce mot de passe, comme avec Google ou Microsoft. Toutes les autres sessions ont été fermées.`
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
          ? `Votre compte ${ctx.productName} a demandé à utiliser cette adresse. Saisissez ce code sur la page de votre compte pour la confirmer\u00a0:`
          : `Veuillez confirmer l'adresse courriel de votre compte ${ctx.productName}. Saisissez ce code dans le bandeau de n'importe quelle page de votre compte\u00a0:`,
        code,
        `Ou ouvrez ce lien\u00a0: ${link}`,
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
        `Pour garder vos mémos, le clavardage sur les décisions et l'optimiseur de recherche, choisissez un forfait\u00a0: ${ctx.publicUrl}/subscription`,
        `Des questions\u202f? Écrivez à ${ctx.supportEmail}.`,
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
        `La connexion ${provider} a été ajoutée à votre compte\u00a0: vous pouvez désormais vous connecter à ${ctx.productName} avec votre compte ${provider} comme avec votre mot de passe.`,
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
        `Vous venez de vous connecter à ${ctx.productName} avec ${provider}. Un compte avec mot de passe avait été ouvert à cette adresse courriel, mais l'adresse n'avait jamais été confirmée\u00a0: nous ne pouvions pas savoir si c'était vous.`,
        `Pour que personne d'autre n'y ait accès, nous avons supprimé ce mot de passe et fermé toutes les sessions du compte. Vous vous connectez désormais avec ${provider}\u202f; vous pouvez définir un nouveau mot de passe à tout moment à ${ctx.publicUrl}/login/find-user.`,
        `Si vous n'avez pas ouvert vous-même de compte ${ctx.productName}, quelqu'un a peut-être essayé de le faire\u00a0: vous n'avez rien d'autre à faire. Des questions\u202f? Écrivez à ${ctx.supportEmail}.`,
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
            "La vérification en deux étapes par application d'authentification a été activée\u00a0: la connexion par mot de passe demande désormais aussi un code de l'application.",
          totpOff:
            "La vérification en deux étapes par application d'authentification a été désactivée\u00a0: la connexion par mot de passe ne demande plus de code.",
          recoveryCodesRenewed:
            "Un nouvel ensemble de dix codes de récupération a été créé pour votre compte. Les codes précédents ne fonctionnent plus.",
          passkeyAdded: `La clé d'accès «\u00a0${passkeyName ?? ""}\u00a0» a été ajoutée à votre compte\u00a0: elle permet désormais de se connecter à ${ctx.productName} sans mot de passe.`,
          passkeyRemoved: `La clé d'accès «\u00a0${passkeyName ?? ""}\u00a0» a été retirée de votre compte\u00a0: elle ne permet plus de se connecter.`,
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
        `Votre compte ${ctx.productName} a été utilisé depuis un navigateur qu'il n'avait jamais utilisé\u00a0: ${device || "un navigateur inconnu"}, le ${when} (heure de Toronto), depuis l'adresse ${ipAddress}.`,
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
        `Vous avez changé d'avis\u202f? Annulez la suppression avant cette date avec ce lien\u00a0: ${cancelLink}`,
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
        `Si vous n'êtes pas à l'origine de ce changement, reprenez votre adresse avec ce lien dans les ${validDays} jours\u00a0: ${undoLink}`,
        `Le lien redonne cette adresse au compte, ferme toutes les sessions et supprime le mot de passe, de sorte que l'auteur du changement n'y a plus accès. Vous définissez ensuite un nouveau mot de passe avec «\u00a0Mot de passe oublié\u00a0» à ${ctx.publicUrl}/login/find-user. Des questions\u202f? Écrivez à ${ctx.supportEmail}.`,
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
        `Un autre compte ${ctx.productName} a demandé à utiliser cette adresse courriel. Votre compte la garde\u00a0: rien n'a été modifié et aucun code n'a été envoyé.`,
        `Si c'était vous, connectez-vous plutôt au compte qui utilise déjà cette adresse. Sinon, vous n'avez rien à faire. Des questions\u202f? Écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
};
