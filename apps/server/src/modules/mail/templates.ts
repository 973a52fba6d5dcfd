import type { Language } from "@precis/contract/auth";

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

type EmailParams = {
  welcome: { name: string };
  resetCode: { name: string; code: string; validMinutes: number };
  passwordChanged: { name: string };
  emailChanged: { name: string; newEmail: string };
};
export type EmailKind = keyof EmailParams;

interface Template<P> {
  subject: (ctx: EmailContext, params: P) => string;
  /** Paragraphs; a paragraph that is only the security code is shown large in HTML. */
  paragraphs: (ctx: EmailContext, params: P) => string[];
}

const templates: { [K in EmailKind]: Record<Language, Template<EmailParams[K]>> } = {
  welcome: {
    en: {
      subject: (ctx) => `Welcome to ${ctx.productName}`,
      paragraphs: (ctx, { name }) => [
        `Hello ${name},`,
        `Thank you for registering with ${ctx.productName}. Your account is ready.`,
        `Next steps: install the ${ctx.productName} extension, log in, and open any decision on CanLII to get a memo, chat with the case, or optimise your searches.`,
        `Your profile and memo preferences: ${ctx.publicUrl}/profile`,
        `Questions? Write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Bienvenue sur ${ctx.productName}`,
      paragraphs: (ctx, { name }) => [
        `Bonjour ${name},`,
        `Merci de vous être inscrit à ${ctx.productName}. Votre compte est prêt.`,
        `Prochaines étapes : installez l'extension ${ctx.productName}, connectez-vous, puis ouvrez une décision sur CanLII pour obtenir une note de synthèse, discuter de la décision ou optimiser vos recherches.`,
        `Votre profil et vos préférences de note : ${ctx.publicUrl}/profile`,
        `Des questions? Écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  resetCode: {
    en: {
      subject: (ctx) => `Your ${ctx.productName} security code`,
      paragraphs: (ctx, { name, code, validMinutes }) => [
        `Hello ${name},`,
        `Someone asked to reset the password of your ${ctx.productName} account. Enter this security code on the reset page:`,
        code,
        `The code is valid for ${validMinutes} minutes and can be used once. If you did not ask for it, ignore this email: your password stays as it is.`,
      ],
    },
    fr: {
      subject: (ctx) => `Votre code de sécurité ${ctx.productName}`,
      paragraphs: (ctx, { name, code, validMinutes }) => [
        `Bonjour ${name},`,
        `Une demande de réinitialisation du mot de passe de votre compte ${ctx.productName} a été faite. Saisissez ce code de sécurité sur la page de réinitialisation :`,
        code,
        `Le code est valide pendant ${validMinutes} minutes et ne peut servir qu'une fois. Si vous n'avez rien demandé, ignorez ce courriel : votre mot de passe reste inchangé.`,
      ],
    },
  },
  passwordChanged: {
    en: {
      subject: (ctx) => `Your ${ctx.productName} password was changed`,
      paragraphs: (ctx, { name }) => [
        `Hello ${name},`,
        `The password of your ${ctx.productName} account was just changed, and every session was signed out.`,
        `If this was not you, reset your password now at ${ctx.publicUrl}/login/find-user and write to ${ctx.supportEmail}.`,
      ],
    },
    fr: {
      subject: (ctx) => `Le mot de passe de votre compte ${ctx.productName} a été modifié`,
      paragraphs: (ctx, { name }) => [
        `Bonjour ${name},`,
        `Le mot de passe de votre compte ${ctx.productName} vient d'être modifié et toutes les sessions ont été fermées.`,
        `Si vous n'êtes pas à l'origine de ce changement, réinitialisez votre mot de passe dès maintenant à ${ctx.publicUrl}/login/find-user et écrivez à ${ctx.supportEmail}.`,
      ],
    },
  },
  emailChanged: {
    en: {
      subject: (ctx) => `Your ${ctx.productName} email address was changed`,
      paragraphs: (ctx, { name, newEmail }) => [
        `Hello ${name},`,
        `The email address of your ${ctx.productName} account was changed to ${newEmail}. From now on, sign in with that account.`,
        `If this was not you, write to ${ctx.supportEmail} at once.`,
      ],
    },
    fr: {
      subject: (ctx) => `L'adresse courriel de votre compte ${ctx.productName} a été modifiée`,
      paragraphs: (ctx, { name, newEmail }) => [
        `Bonjour ${name},`,
        `L'adresse courriel de votre compte ${ctx.productName} est désormais ${newEmail}. Connectez-vous dorénavant avec ce compte.`,
        `Si vous n'êtes pas à l'origine de ce changement, écrivez immédiatement à ${ctx.supportEmail}.`,
      ],
    },
  },
};

/** Renders an email in the recipient's language, as plain text and as escaped HTML. */
export function renderEmail<K extends EmailKind>(
  kind: K,
  language: Language,
  ctx: EmailContext,
  params: EmailParams[K],
): RenderedEmail {
  const template = templates[kind][language] as Template<EmailParams[K]>;
  const paragraphs = template.paragraphs(ctx, params);
  const code = "code" in params ? String(params.code) : undefined;
  const html = paragraphs
    .map((paragraph) =>
      paragraph === code
        ? `<p style="font-size:24px;font-weight:bold;letter-spacing:4px;font-family:monospace">${escapeHtml(paragraph)}</p>`
        : `<p>${escapeHtml(paragraph)}</p>`,
    )
    .join("\n");
  return {
    subject: template.subject(ctx, params),
    // The code stands on a line of its own in the plain-text part, so it is easy to copy (and to test).
    text: `${paragraphs.join("\n\n")}\n`,
    html: `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">${html}</body></html>`,
  };
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
