import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpInContext, TEST_PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations, isVisible, type Language, pathOf, useBrowser } from "./support/browser.ts";
import { invitationPathIn, keepFirmScreen } from "./support/firm-screens.ts";
import { waitForMail } from "./support/mailbox.ts";
import { REAUTHENTICATION_REQUIRED } from "./support/reauthentication.ts";
import { logInContext } from "./support/sessions.ts";

const { openPage } = useBrowser();

const texts = {
  en: {
    menu: /^Account menu for /,
    menuFirm: "Firm",
    createTitle: "Bring your firm to Precis",
    firmName: "Firm name",
    create: "Create a firm",
    tabs: {
      members: "Members",
      invitations: "Invitations",
      domains: "Domains",
      policies: "Policies",
      activity: "Activity",
      usage: "Usage",
      settings: "Firm",
    },
    invitationMail: /^(An invitation to join a firm on|Une invitation à rejoindre un cabinet sur) Precis$/,
    email: "Email address",
    send: "Send invitation",
    sent: (email: string) => `Invitation sent to ${email}.`,
    joinTitle: (firm: string) => `Join ${firm}`,
    logIn: "Log in",
    register: "Create an account",
    join: "Join the firm",
    joined: (name: string) => `You joined ${name}`,
    refused: "You could not join the firm",
    wrongAccount:
      "This invitation was sent to another email address. Sign in with the account of the invited address to accept it.",
    logOutAndSwitch: "Log out and sign in with the invited address",
    spent: "This invitation is no longer open",
    goHome: "Go to Home",
    roleOf: (name: string) => `Role of ${name}`,
    roleChanged: (name: string) => `${name} is now: Administrator.`,
    requireTwoStep: "Require two-step verification",
    matterRequired: "Required",
    mask: "Format mask (optional)",
    savePolicies: "Save policies",
    saved: "The firm's policies were saved.",
    confirmIdentity: "Confirm it's you",
    password: "Password",
    confirm: "Confirm",
    activity: {
      created: (actor: string, name: string) => `${actor} created the firm “${name}”.`,
      invited: (actor: string, email: string) => `${actor} invited ${email} as Member.`,
      accepted: (subject: string) => `${subject} accepted an invitation and joined as Member.`,
      role: (actor: string, subject: string) => `${actor} changed the role of ${subject} from Member to Administrator.`,
      policy: (actor: string) => `${actor} changed the two-step verification requirement from off to on.`,
      matterCodes: (actor: string) => `${actor} changed the client-matter codes from Off to Required.`,
      matterMask: (actor: string) => `${actor} changed the client-matter format mask from none to NNNN-NNN.`,
    },
    memberPolicies: "Your firm's policies",
    leave: "Leave the firm",
  },
  fr: {
    menu: /^Menu du compte de /,
    menuFirm: "Cabinet",
    createTitle: "Amenez votre cabinet sur Precis",
    firmName: "Nom du cabinet",
    create: "Créer un cabinet",
    tabs: {
      members: "Membres",
      invitations: "Invitations",
      domains: "Domaines",
      policies: "Règles",
      activity: "Activité",
      usage: "Utilisation",
      settings: "Cabinet",
    },
    invitationMail: /^(An invitation to join a firm on|Une invitation à rejoindre un cabinet sur) Precis$/,
    email: "Adresse courriel",
    send: "Envoyer l’invitation",
    sent: (email: string) => `Invitation envoyée à ${email}.`,
    joinTitle: (firm: string) => `Rejoindre ${firm}`,
    logIn: "Se connecter",
    register: "Créer un compte",
    join: "Rejoindre le cabinet",
    joined: (name: string) => `Vous avez rejoint ${name}`,
    roleOf: (name: string) => `Rôle de ${name}`,
    roleChanged: (name: string) => `Nouveau rôle de ${name}\u00a0: Administrateur.`,
    requireTwoStep: "Exiger la vérification en deux étapes",
    savePolicies: "Enregistrer les règles",
    saved: "Les règles du cabinet ont été enregistrées.",
    confirmIdentity: "Confirmez votre identité",
    password: "Mot de passe",
    confirm: "Confirmer",
    activity: {
      created: (actor: string, name: string) => `${actor} a créé le cabinet «\u00a0${name}\u00a0».`,
      invited: (actor: string, email: string) => `${actor} a invité ${email} (rôle\u00a0: Membre).`,
      accepted: (subject: string) =>
        `${subject} a accepté une invitation et s’est joint au cabinet (rôle\u00a0: Membre).`,
      role: (actor: string, subject: string) =>
        `${actor} a changé le rôle de ${subject}\u00a0: Membre → Administrateur.`,
      policy: (actor: string) =>
        `${actor} a modifié l’exigence de vérification en deux étapes\u00a0: désactivée → activée.`,
    },
    memberPolicies: "Les règles de votre cabinet",
    leave: "Quitter le cabinet",
  },
} satisfies Record<Language, unknown>;

/** A tab by its label; antd prefixes a tab reached by keyboard with its place ("Tab 2 of 7"), hence the end anchor. */
const tab = (page: Page, name: string) =>
  page.getByRole("tab", { name: new RegExp(`(^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });

/** Opens a tab of the firm page by keyboard: focus on the tab, then Enter, as a keyboard user would. */
async function openTab(page: Page, name: string) {
  await tab(page, name).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => tab(page, name).getAttribute("aria-selected")).toBe("true");
}

/** Creates the firm on /firm, by keyboard, from the account menu's Firm entry. */
async function createFirmFromMenu(page: Page, language: Language, firmName: string) {
  const t = texts[language];
  await page.goto("/");
  await page.getByRole("button", { name: t.menu }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: t.menuFirm }).click();
  await expect.poll(() => pathOf(page)).toBe("/firm");
  await expect.poll(isVisible(page.getByRole("heading", { level: 1, name: t.createTitle }))).toBe(true);
  await expectNoAxeViolations(page);
  await keepFirmScreen(page, "firm-create");
  await page.getByLabel(t.firmName).focus();
  await page.keyboard.type(firmName);
  await page.keyboard.press("Enter");
  await expect.poll(isVisible(page.getByRole("heading", { level: 1, name: firmName }))).toBe(true);
}

/** Sends an invitation from the Invitations tab, by keyboard, and returns the emailed link's path. */
async function invite(page: Page, language: Language, email: string) {
  const t = texts[language];
  await openTab(page, t.tabs.invitations);
  await page.getByLabel(t.email).focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  await expect.poll(isVisible(page.getByRole("status").filter({ hasText: t.sent(email) }))).toBe(true);
  await expect.poll(isVisible(page.getByRole("list").getByText(email, { exact: true }))).toBe(true);
  await expectNoAxeViolations(page);
  await keepFirmScreen(page, "firm-invitations");
  const mail = await waitForMail(email, t.invitationMail);
  return invitationPathIn(mail.text);
}

describe("firm accounts in the browser (issue 44)", () => {
  it("creates a firm, invites a person who registers from the link, and manages them (en, 1280 and 390)", async () => {
    const t = texts.en;
    const firmName = `Tremblay Avocats ${Date.now().toString(36)}`;
    const owner = await openPage({ language: "en" });
    await signUpInContext(owner.context(), { firstName: "Anne", lastName: "Tremblay" });
    await createFirmFromMenu(owner, "en", firmName);
    await expectNoAxeViolations(owner);
    await keepFirmScreen(owner, "firm-members-alone");

    const inviteeEmail = uniqueEmail("invitee");
    const joinPath = await invite(owner, "en", inviteeEmail);

    // Another account's link: refused without a word about whom it was for, with what to do next.
    await owner.goto(joinPath);
    await owner.getByRole("button", { name: t.join }).click();
    await expect.poll(isVisible(owner.getByRole("heading", { level: 1, name: t.refused }))).toBe(true);
    await expect.poll(isVisible(owner.getByText(t.wrongAccount))).toBe(true);
    await expect.poll(isVisible(owner.getByRole("button", { name: t.logOutAndSwitch }))).toBe(true);
    await expectNoAxeViolations(owner);
    await keepFirmScreen(owner, "firm-join-wrong-account");
    await owner.goto("/firm");
    await expect.poll(isVisible(owner.getByRole("heading", { level: 1, name: firmName }))).toBe(true);

    // The invitee opens the link signed out: log in or register with the invited address.
    const invitee = await openPage({ language: "en" });
    await invitee.goto(joinPath);
    await expect.poll(isVisible(invitee.getByRole("heading", { level: 1, name: t.joinTitle(firmName) }))).toBe(true);
    expect(await invitee.getByRole("main").getByRole("link", { name: t.logIn }).getAttribute("href")).toBe("/login");
    expect(await invitee.getByRole("main").getByRole("link", { name: t.register }).getAttribute("href")).toBe(
      "/register",
    );
    await expectNoAxeViolations(invitee);
    await keepFirmScreen(invitee, "firm-join-signed-out");

    // Registered and verified, the person lands on Home, which brings them back to the join screen.
    await signUpInContext(invitee.context(), { firstName: "Louis", lastName: "Gagnon" }, { email: inviteeEmail });
    await invitee.goto("/");
    await expect.poll(() => pathOf(invitee)).toBe("/firm/join");
    await expect.poll(isVisible(invitee.getByRole("button", { name: t.join }))).toBe(true);
    await expectNoAxeViolations(invitee);
    await keepFirmScreen(invitee, "firm-join-signed-in");
    await invitee.getByRole("button", { name: t.join }).focus();
    await invitee.keyboard.press("Enter");
    await expect.poll(isVisible(invitee.getByRole("heading", { level: 1, name: t.joined(firmName) }))).toBe(true);
    await expectNoAxeViolations(invitee);
    await keepFirmScreen(invitee, "firm-join-joined");
    // A link works once: the join screen then says the invitation is no longer open, and offers no Join.
    await invitee.goto(joinPath);
    await expect.poll(isVisible(invitee.getByRole("heading", { level: 1, name: t.spent }))).toBe(true);
    expect(await invitee.getByRole("button", { name: t.join }).count()).toBe(0);
    expect(await invitee.getByRole("main").getByRole("link", { name: t.goHome }).getAttribute("href")).toBe("/");
    await expectNoAxeViolations(invitee);
    await keepFirmScreen(invitee, "firm-join-spent");
    // Once joined, Home no longer sends anyone back.
    await invitee.goto("/");
    await expect.poll(() => pathOf(invitee)).toBe("/");

    // A member reads the policies and may leave; nothing to manage.
    await invitee.goto("/firm");
    await expect.poll(isVisible(invitee.getByRole("heading", { level: 2, name: t.memberPolicies }))).toBe(true);
    expect(await invitee.getByRole("tab").count()).toBe(0);
    await expect.poll(isVisible(invitee.getByRole("button", { name: t.leave }))).toBe(true);
    await expectNoAxeViolations(invitee);
    await keepFirmScreen(invitee, "firm-member-view");

    // The owner, back on the firm's page, makes the new member an administrator.
    await owner.goto("/firm?tab=members");
    const roleSelect = owner.getByLabel(t.roleOf("Louis Gagnon"));
    await expect.poll(isVisible(roleSelect)).toBe(true);
    await roleSelect.selectOption("admin");
    await expect
      .poll(isVisible(owner.getByRole("status").filter({ hasText: t.roleChanged("Louis Gagnon") })))
      .toBe(true);
    await expectNoAxeViolations(owner);
    await keepFirmScreen(owner, "firm-members");

    // A policy change asks who is at the keyboard when the sign-in is old: the server's 403 once, then the password.
    await openTab(owner, t.tabs.policies);
    let isAsked = false;
    await owner.route("**/api/firm", (route) => {
      if (route.request().method() !== "PATCH" || isAsked) return route.fallback();
      isAsked = true;
      return route.fulfill(REAUTHENTICATION_REQUIRED);
    });
    await owner.getByLabel(t.requireTwoStep).check();
    await owner.getByRole("button", { name: t.savePolicies }).click();
    const dialog = owner.getByRole("dialog", { name: t.confirmIdentity });
    await expect.poll(isVisible(dialog)).toBe(true);
    await expectNoAxeViolations(owner);
    await dialog.getByLabel(t.password).fill(TEST_PASSWORD);
    await owner.keyboard.press("Enter");
    await expect.poll(isVisible(owner.getByRole("status").filter({ hasText: t.saved }))).toBe(true);
    await expectNoAxeViolations(owner);

    // Client-matter codes, required, in a mask the page explains.
    // antd draws the radio buttons over their inputs: chosen by keyboard, as the inputs are there for it.
    await owner.getByRole("radio", { name: t.matterRequired }).focus();
    await owner.keyboard.press("Space");
    await owner.getByLabel(t.mask).fill("NNNN-NNN");
    await expectNoAxeViolations(owner);
    const save = owner.getByRole("button", { name: t.savePolicies });
    await save.click();
    await expect.poll(() => save.getAttribute("aria-busy")).toBe("false");
    await expect.poll(isVisible(owner.getByRole("status").filter({ hasText: t.saved }))).toBe(true);
    await keepFirmScreen(owner, "firm-policies");

    // The trail, newest first.
    await openTab(owner, t.tabs.activity);
    const entries = owner.getByRole("list", { name: "The firm's activity" }).getByRole("listitem");
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(7);
    const lines = await entries.locator("p").allInnerTexts();
    expect(lines.slice(0, 7)).toEqual([
      t.activity.matterMask("Anne Tremblay"),
      t.activity.matterCodes("Anne Tremblay"),
      t.activity.policy("Anne Tremblay"),
      t.activity.role("Anne Tremblay", "Louis Gagnon"),
      t.activity.accepted("Louis Gagnon"),
      t.activity.invited("Anne Tremblay", inviteeEmail),
      t.activity.created("Anne Tremblay", firmName),
    ]);
    await expectNoAxeViolations(owner);
    await keepFirmScreen(owner, "firm-activity");

    for (const name of ["domains", "usage", "settings"] as const) {
      await openTab(owner, t.tabs[name]);
      await expectNoAxeViolations(owner);
      await keepFirmScreen(owner, `firm-${name}`);
    }
  });

  // Every tab on its own, apart from the walks: together they took longer than a test may on a busy machine.
  it("shows every tab on a phone (en, 390)", async () => {
    const t = texts.en;
    const firmName = `Gagnon Juristes ${Date.now().toString(36)}`;
    const phone = await openPage({ language: "en", width: 390 });
    await signUpInContext(phone.context(), { firstName: "Anne", lastName: "Tremblay" });
    await createFirmFromMenu(phone, "en", firmName);
    for (const name of ["members", "invitations", "domains", "policies", "activity", "usage", "settings"] as const) {
      await phone.goto(`/firm?tab=${name}`);
      await expect.poll(isVisible(phone.getByRole("heading", { level: 1, name: firmName }))).toBe(true);
      await expect.poll(() => tab(phone, t.tabs[name]).getAttribute("aria-selected")).toBe("true");
      await expectNoAxeViolations(phone);
      await keepFirmScreen(phone, `firm-${name}`);
    }
  });

  it("walks the same way in French, on a phone and a desk (fr, 390 and 1280)", async () => {
    const t = texts.fr;
    const firmName = `Cabinet Roy ${Date.now().toString(36)}`;
    const owner = await openPage({ language: "fr", width: 390 });
    await signUpInContext(owner.context(), { firstName: "Julie", lastName: "Roy" });
    await createFirmFromMenu(owner, "fr", firmName);
    await expectNoAxeViolations(owner);

    const inviteeEmail = uniqueEmail("invite-fr");
    const invitee = await openPage({ language: "fr", width: 390 });
    await signUpInContext(invitee.context(), { firstName: "Marc", lastName: "Côté" }, { email: inviteeEmail });
    const joinPath = await invite(owner, "fr", inviteeEmail);
    await invitee.goto(joinPath);
    await expect.poll(isVisible(invitee.getByRole("heading", { level: 1, name: t.joinTitle(firmName) }))).toBe(true);
    await expectNoAxeViolations(invitee);
    await keepFirmScreen(invitee, "firm-join-signed-in");
    await invitee.getByRole("button", { name: t.join }).click();
    await expect.poll(isVisible(invitee.getByRole("heading", { level: 1, name: t.joined(firmName) }))).toBe(true);
    await expectNoAxeViolations(invitee);
    await keepFirmScreen(invitee, "firm-join-joined");

    await openTab(owner, t.tabs.members);
    await owner.getByLabel(t.roleOf("Marc Côté")).selectOption("admin");
    await expect.poll(isVisible(owner.getByRole("status").filter({ hasText: t.roleChanged("Marc Côté") }))).toBe(true);
    await expectNoAxeViolations(owner);

    await openTab(owner, t.tabs.policies);
    await owner.getByLabel(t.requireTwoStep).check();
    await owner.getByRole("button", { name: t.savePolicies }).click();
    await expect.poll(isVisible(owner.getByRole("status").filter({ hasText: t.saved }))).toBe(true);
    await expectNoAxeViolations(owner);

    await openTab(owner, t.tabs.activity);
    const entries = owner.getByRole("list", { name: "L’activité du cabinet" }).getByRole("listitem");
    await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(5);
    expect((await entries.locator("p").allInnerTexts()).slice(0, 2)).toEqual([
      t.activity.policy("Julie Roy"),
      t.activity.role("Julie Roy", "Marc Côté"),
    ]);
    await expectNoAxeViolations(owner);
  });

  it("shows every tab in French, on a phone and a desk (fr, 390 and 1280)", async () => {
    const t = texts.fr;
    const firmName = `Cabinet Côté ${Date.now().toString(36)}`;
    const phone = await openPage({ language: "fr", width: 390 });
    const ownerAccount = await signUpInContext(phone.context(), { firstName: "Julie", lastName: "Roy" });
    await createFirmFromMenu(phone, "fr", firmName);
    const desk = await openPage({ language: "fr", width: 1280 });
    await logInContext(desk.context(), ownerAccount);
    for (const page of [phone, desk]) {
      for (const name of ["members", "invitations", "domains", "policies", "activity", "usage", "settings"] as const) {
        await page.goto(`/firm?tab=${name}`);
        await expect.poll(() => tab(page, t.tabs[name]).getAttribute("aria-selected")).toBe("true");
        await expectNoAxeViolations(page);
        await keepFirmScreen(page, `firm-${name}`);
      }
    }
  });
});
