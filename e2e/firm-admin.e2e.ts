import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpInContext, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations, isVisible, type Language, useBrowser } from "./support/browser.ts";
import { invitationPathIn, keepFirmScreen } from "./support/firm-screens.ts";
import { waitForMail } from "./support/mailbox.ts";
import { callApiFromPage } from "./support/sessions.ts";

/*
 * Issue 56 in the browser: the join screen names the firm, the inviter and the role, signed out and signed in, and a
 * decline tells the inviter; the members list says who complies, and an owner signs a member out everywhere. Each
 * screen at 1280 and 390 px, in English and French, with axe after each.
 */

const { openPage } = useBrowser();

const INVITATION_SUBJECT = /^(An invitation to join a firm on|Une invitation à rejoindre un cabinet sur) Precis$/;
const DECLINED_SUBJECT =
  /^(An invitation to your firm was declined on|Une invitation à votre cabinet a été déclinée sur) Precis$/;
const SIGNED_OUT_SUBJECT = /^(Your firm signed you out of|Votre cabinet vous a déconnecté de) Precis$/;

const texts = {
  en: {
    title: (firm: string) => `Join ${firm}`,
    invited: (firm: string) => `Anne Tremblay invited you to join ${firm} as a member.`,
    decline: "Decline",
    declineDialog: (firm: string) => `Decline the invitation to ${firm}?`,
    declined: "You declined the invitation",
    join: "Join the firm",
    joined: (firm: string) => `You joined ${firm}`,
    members: "Members of the firm",
    secondStepOff: "Two-step: off",
    lastSignIn: /Last sign-in /,
    endSessions: (name: string) => `Sign ${name} out everywhere`,
    endDialog: (name: string) => `Sign ${name} out everywhere?`,
    endConfirm: "Sign out everywhere",
    ended: (name: string) => `${name} was signed out everywhere.`,
  },
  fr: {
    title: (firm: string) => `Rejoindre ${firm}`,
    invited: (firm: string) => `Anne Tremblay vous invite à rejoindre ${firm} en tant que membre.`,
    decline: "Décliner",
    declineDialog: (firm: string) => `Décliner l’invitation à rejoindre ${firm}\u202f?`,
    declined: "Vous avez décliné l’invitation",
    join: "Rejoindre le cabinet",
    joined: (firm: string) => `Vous avez rejoint ${firm}`,
    members: "Membres du cabinet",
    secondStepOff: "Deux étapes\u00a0: désactivée",
    lastSignIn: /Dernière connexion le /,
    endSessions: (name: string) => `Déconnecter ${name} partout`,
    endDialog: (name: string) => `Déconnecter ${name} partout\u202f?`,
    endConfirm: "Déconnecter partout",
    ended: (name: string) => `${name} a été déconnecté partout.`,
  },
} satisfies Record<Language, unknown>;

/** The owner's API call, as the page makes it: it must succeed. */
async function ownerCalls(page: Page, path: string, body: unknown) {
  const { status } = await callApiFromPage(page, path, { method: "POST", body });
  expect(status, `POST ${path}`).toBe(200);
}

/** The screen kept at the desk's width and the phone's, axe run at each; the page goes back to `width`. */
async function keepAtBothWidths(page: Page, name: string, width: number) {
  for (const each of [1280, 390]) {
    await page.setViewportSize({ width: each, height: 844 });
    await expectNoAxeViolations(page);
    await keepFirmScreen(page, name);
  }
  await page.setViewportSize({ width, height: 844 });
}

describe("firm administration as a managing partner expects it (issue 56)", () => {
  it.each([
    { language: "en", width: 1280 },
    { language: "fr", width: 390 },
  ] as const)(
    "names the invitation, declines it, and manages who complies ($language, $width px)",
    async ({ language, width }) => {
      const t = texts[language];
      const firmName = `${language === "fr" ? "Cabinet Roy" : "Tremblay Avocats"} ${Date.now().toString(36)}`;
      const owner = await openPage({ language, width });
      const { email: ownerEmail } = await signUpInContext(owner.context(), { firstName: "Anne", lastName: "Tremblay" });
      await owner.goto("/");
      await ownerCalls(owner, "/api/firms", { name: firmName });
      const invitationPath = async (email: string) => {
        await ownerCalls(owner, "/api/firm/invitations", { email, role: "member" });
        return invitationPathIn((await waitForMail(email, INVITATION_SUBJECT)).text);
      };

      // Signed out: the firm, the inviter and the role, before anything; then Decline, confirmed.
      const declining = uniqueEmail("decline");
      const declinePath = await invitationPath(declining);
      const stranger = await openPage({ language, width });
      await stranger.goto(declinePath);
      await expect.poll(isVisible(stranger.getByRole("heading", { level: 1, name: t.title(firmName) }))).toBe(true);
      await expect.poll(isVisible(stranger.getByText(t.invited(firmName)))).toBe(true);
      await keepAtBothWidths(stranger, "firm-join-named-signed-out", width);
      await stranger.getByRole("button", { name: t.decline }).click();
      const dialog = stranger.getByRole("dialog", { name: t.declineDialog(firmName) });
      await expect.poll(isVisible(dialog)).toBe(true);
      await expectNoAxeViolations(stranger);
      await dialog.getByRole("button", { name: t.decline }).click();
      await expect.poll(isVisible(stranger.getByRole("heading", { level: 1, name: t.declined }))).toBe(true);
      await keepAtBothWidths(stranger, "firm-join-declined", width);
      // The inviter hears of it.
      expect((await waitForMail(ownerEmail, DECLINED_SUBJECT)).text).toContain(declining);

      // Signed in with the invited address: the same names, then Join.
      const joining = uniqueEmail("join");
      const joinPath = await invitationPath(joining);
      const invitee = await openPage({ language, width });
      await signUpInContext(invitee.context(), { firstName: "Louis", lastName: "Gagnon" }, { email: joining });
      await invitee.goto(joinPath);
      await expect.poll(isVisible(invitee.getByRole("heading", { level: 1, name: t.title(firmName) }))).toBe(true);
      await expect.poll(isVisible(invitee.getByText(t.invited(firmName)))).toBe(true);
      await keepAtBothWidths(invitee, "firm-join-named-signed-in", width);
      await invitee.getByRole("button", { name: t.join }).click();
      await expect.poll(isVisible(invitee.getByRole("heading", { level: 1, name: t.joined(firmName) }))).toBe(true);

      // The owner sees who complies, then signs the new member out everywhere.
      await owner.goto("/firm?tab=members");
      const list = owner.getByRole("list", { name: t.members });
      const row = list.getByRole("listitem").filter({ hasText: "Louis Gagnon" });
      await expect.poll(isVisible(row)).toBe(true);
      expect(await row.innerText()).toContain(t.secondStepOff);
      expect(await row.innerText()).toMatch(t.lastSignIn);
      await keepAtBothWidths(owner, "firm-members-compliance", width);
      await row.getByRole("button", { name: t.endSessions("Louis Gagnon") }).click();
      const endDialog = owner.getByRole("dialog", { name: t.endDialog("Louis Gagnon") });
      await expect.poll(isVisible(endDialog)).toBe(true);
      await expectNoAxeViolations(owner);
      await endDialog.getByRole("button", { name: t.endConfirm }).click();
      await expect.poll(isVisible(owner.getByRole("status").filter({ hasText: t.ended("Louis Gagnon") }))).toBe(true);
      await expectNoAxeViolations(owner);
      await waitForMail(joining, SIGNED_OUT_SUBJECT);
      expect((await callApiFromPage(invitee, "/api/entitlement")).status).toBe(401);
    },
  );
});
