import type { Language } from "@precis/contract/auth";
import { englishTypographySlips, frenchTypographySlips } from "@precis/contract/french-typography";
import { describe, expect, it } from "vitest";
import { formatEmailTime } from "./occurrence.ts";
import { type EmailKind, type EmailParams, emailTemplates, renderEmail } from "./render.ts";

/*
 * Issue 58: every French email spaces its punctuation as French does (a narrow no-break space before ; ! ?, a
 * no-break space before : and inside « »), and no English one does. The template files hold both languages side by
 * side, so the emails are rendered, each in every variant its params choose between, and their words read as sent.
 */

const ctx = { productName: "Precis", supportEmail: "support@precis.example", publicUrl: "https://precis.example" };
const moment = new Date("2027-01-01T15:00:00.000Z");

/**
 * A value for every param an email reads, with each choice it makes (variant n takes the n-th, round the list): an
 * email that reads a param with no sample here fails the test, so an email added later is read whole too.
 */
const samples = (language: Language): Record<string, unknown[]> => ({
  name: ["Marie", ""],
  code: ["ABCD2345"],
  link: ["https://precis.example/verify-email?email=marie%40example.ca&code=ABCD2345"],
  validMinutes: [30],
  validDays: [7, 1],
  validHours: [24],
  isNewAddress: [true, false],
  access: ["trial", "student"],
  daysLeft: [1, 3],
  endsOn: [formatEmailTime(moment, language)],
  provider: ["Google", "Microsoft"],
  change: ["totpOn", "totpOff", "recoveryCodesRenewed", "passkeyAdded", "passkeyRemoved"],
  passkeyName: ["MacBook"],
  hasKeptThisSession: [true, false],
  hadPassword: [true, false],
  newEmail: ["marie@example.ca"],
  when: [formatEmailTime(moment, language)],
  device: ["Chrome, macOS", ""],
  ipAddress: ["203.0.113.5"],
  deletionDate: [formatEmailTime(moment, language)],
  cancelLink: ["https://precis.example/cancel-deletion?token=abc"],
  place: ["signIn", "session"],
  unlockLink: ["https://precis.example/unlock?token=abc"],
  undoLink: ["https://precis.example/undo-email-change?token=abc"],
  inviterName: ["Jeanne"],
  firmName: ["Cabinet Tremblay"],
  role: ["owner", "admin", "member"],
  domain: ["tremblay.example"],
  firmLink: ["https://precis.example/firm"],
  contactName: ["Jeanne"],
  contactEmail: ["jeanne@tremblay.example"],
  previousMode: ["suggest", "automatic"],
  reason: ["recordMissing", "neverProven"],
  missingSince: [formatEmailTime(moment, language)],
  graceDays: [7],
  recordName: ["_precis.tremblay.example"],
  recordValue: ["precis-verification=abc"],
  domainsLink: ["https://precis.example/firm?tab=domains"],
  seats: [3],
  members: [5, 4],
  unseated: [2, 1],
  // Issue 56: who was left out or declined, the seats open invitations hold, and where to sign in again.
  email: ["louis@tremblay.example"],
  openInvitations: [2, 0],
  signInLink: ["https://precis.example/login"],
  // Read by the renderer, not the template: when, from what and from where, in a security email.
  occurred: [{ when: formatEmailTime(moment, language), device: "Firefox, Windows", ipAddress: "203.0.113.5" }],
});
const VARIANTS = 5;

/** The params `kind` reads, as a plain object (the renderer copies it), in the given variant. */
function paramsOf(kind: EmailKind, language: Language, variant: number) {
  const values = samples(language);
  const pick = (key: string) => {
    const choices = values[key];
    if (!choices) throw new Error(`${kind} reads "${key}", which has no sample in this test`);
    return choices[variant % choices.length];
  };
  const read = new Set<string>(["occurred"]);
  const reading = new Proxy({} as Record<string, unknown>, {
    get: (_target, key) => {
      if (typeof key !== "string") return undefined;
      read.add(key);
      return pick(key);
    },
  });
  emailTemplates[kind][language].paragraphs(ctx, reading as never);
  return Object.fromEntries([...read].map((key) => [key, pick(key)])) as EmailParams[typeof kind];
}

/** Every text each email of `language` can send: its subject and plain text, in every variant. */
function emailsIn(language: Language) {
  return (Object.keys(emailTemplates) as EmailKind[]).flatMap((kind) =>
    Array.from({ length: VARIANTS }, (_, variant) => {
      const { subject, text } = renderEmail(kind, language, ctx, paramsOf(kind, language, variant));
      return { kind, variant, text: `${subject}\n\n${text}` };
    }),
  );
}

const slipsOf = (language: Language, slipsIn: typeof frenchTypographySlips) =>
  emailsIn(language).flatMap(({ kind, variant, text }) =>
    slipsIn(text).map(({ says, near }) => `${kind} (variant ${variant}): ${says}, near “${near}”`),
  );

describe("the typography of the emails", () => {
  it("spaces every French email's punctuation as French does", () => {
    expect(slipsOf("fr", frenchTypographySlips)).toEqual([]);
  });

  it("keeps French spacing out of every English email", () => {
    expect(slipsOf("en", englishTypographySlips)).toEqual([]);
  });

  it("reads the words of every email, in each of their variants", () => {
    const french = emailsIn("fr").map(({ text }) => text);
    // The variants reach the branches: both places a second step fails, each change of a second factor.
    expect(french.some((text) => text.includes("quelqu'un connaît votre mot de passe"))).toBe(true);
    expect(french.some((text) => text.includes("quelqu'un utilise l'une de vos sessions"))).toBe(true);
    expect(french.some((text) => text.includes("La clé d'accès «\u00a0MacBook\u00a0» a été retirée"))).toBe(true);
    expect(french.some((text) => text.includes("Cela s'est produit le 1er janvier 2027 à 10 h 00"))).toBe(true);
  });
});
