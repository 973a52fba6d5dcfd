import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpInContext, uniqueEmail } from "./support/accounts.ts";
import { startLocalhostServer } from "./support/app-server.ts";
import { expectNoAxeViolations, isFocused, isVisible, type Language, pathOf, useBrowser } from "./support/browser.ts";
import { invitationPathIn, keepFirmScreen } from "./support/firm-screens.ts";
import { waitForMail } from "./support/mailbox.ts";
import { addVirtualAuthenticator } from "./support/second-factors.ts";
import { callApiFromPage, logInContext } from "./support/sessions.ts";

/*
 * Issue 44's screens over the firm's counts: the owner's Usage tab on /firm (a month's memos per member and per
 * matter, and its CSV), a member's own counts on Subscription, and Home held by the firm's two-step rule until the
 * member adds a passkey. The firm and its people are set up through the API (firm.e2e.ts walks those screens);
 * memos are reported as the extension reports them, `POST /api/memo-usage` with `{ matter }`.
 */

const { openPage } = useBrowser();

/** This UTC month, as the server counts it and the screens name it. */
const thisMonth = () => new Date().toISOString().slice(0, 7);
const monthName = (language: Language) =>
  new Intl.DateTimeFormat(language === "fr" ? "fr-CA" : "en-CA", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date());

const texts = {
  en: {
    usageTab: "Usage",
    usageHeading: "Usage",
    month: "Month",
    download: "Download CSV",
    downloaded: (fileName: string) => `Downloaded ${fileName}.`,
    empty: (month: string) => `No memos were counted in ${month}.`,
    total: (month: string) => `3 memos in ${month}`,
    byMember: (month: string) => `Memos by member and client matter, ${month}`,
    byMatter: (month: string) => `Memos by client matter, ${month}`,
    noMemos: "No memos",
    total2: "Total",
    mineHeading: "Your memos by client matter",
    mineTable: (month: string) => `Your memos by client matter, ${month}`,
    policyHeading: (firm: string) => `${firm} requires two-step verification`,
    policyAction: "Set it up under Security",
    welcome: (name: string) => `Welcome, ${name}!`,
    passkeys: "Passkeys",
    addPasskey: "Add a passkey",
    passkeyName: "Name",
    createPasskey: "Create passkey",
    passkeyList: "Your passkeys",
  },
  fr: {
    usageTab: "Utilisation",
    usageHeading: "Utilisation",
    month: "Mois",
    download: "Télécharger le CSV",
    downloaded: (fileName: string) => `${fileName} a été téléchargé.`,
    empty: (month: string) => `Aucun mémo n’a été compté en ${month}.`,
    total: (month: string) => `3 mémos en ${month}`,
    byMember: (month: string) => `Mémos par membre et par dossier client, ${month}`,
    byMatter: (month: string) => `Mémos par dossier client, ${month}`,
    noMemos: "Aucun mémo",
    total2: "Total",
    mineHeading: "Vos mémos par dossier client",
    mineTable: (month: string) => `Vos mémos par dossier client, ${month}`,
    policyHeading: (firm: string) => `${firm} exige la vérification en deux étapes`,
    policyAction: "La configurer dans Sécurité",
    welcome: (name: string) => `Bienvenue, ${name}\u202f!`,
    passkeys: "Clés d’accès",
    addPasskey: "Ajouter une clé d’accès",
    passkeyName: "Nom",
    createPasskey: "Créer la clé d’accès",
    passkeyList: "Vos clés d’accès",
  },
} satisfies Record<Language, unknown>;

/** An API call as the page makes it, which must succeed. */
async function callOk(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  const answer = await callApiFromPage(page, path, init);
  if (answer.status !== 200)
    throw new Error(`${init.method ?? "GET"} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * An owner's firm with one member who accepted the emailed invitation, both signed in on pages of their own. The
 * owner is Anne Tremblay; the member Louis Gagnon.
 */
async function firmWithMember(options: { language: Language; width?: number; baseUrl?: string; label: string }) {
  const firmName = `${options.label} ${Date.now().toString(36)}`;
  const owner = await openPage({ language: options.language, width: options.width, baseUrl: options.baseUrl });
  const ownerAccount = await signUpInContext(owner.context(), { firstName: "Anne", lastName: "Tremblay" });
  await owner.goto("/");
  await callOk(owner, "/api/firms", { method: "POST", body: { name: firmName } });
  // Codes are off in a new firm, and then ignored: optional, so that memos are counted by the code given.
  await callOk(owner, "/api/firm", { method: "PATCH", body: { policies: { matterCodes: "optional" } } });
  const memberEmail = uniqueEmail("member");
  await callOk(owner, "/api/firm/invitations", { method: "POST", body: { email: memberEmail, role: "member" } });

  const member = await openPage({ language: options.language, width: options.width, baseUrl: options.baseUrl });
  const memberAccount = await signUpInContext(
    member.context(),
    { firstName: "Louis", lastName: "Gagnon" },
    { email: memberEmail },
  );
  const mail = await waitForMail(
    memberEmail,
    /^(An invitation to join a firm on|Une invitation à rejoindre un cabinet sur) Precis$/,
  );
  const token = new URL(invitationPathIn(mail.text), "http://localhost").searchParams.get("token");
  await member.goto("/subscription");
  await callOk(member, "/api/firm/invitations/accept", { method: "POST", body: { token } });
  return { firmName, owner, ownerAccount, member, memberAccount };
}

/** A memo as the extension reports it, under a client-matter code. */
const reportMemo = (page: Page, matter: string) =>
  callOk(page, "/api/memo-usage", { method: "POST", body: { matter } });

/** Opens the firm page's Usage tab by keyboard, as a keyboard user would: focus on the tab, then Enter. */
async function openUsageTab(page: Page, language: Language) {
  const t = texts[language];
  await page.goto("/firm");
  const tab = page.getByRole("tab", { name: new RegExp(`(^|\\s)${t.usageTab}$`) });
  await tab.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true");
  await expect.poll(isVisible(page.getByRole("heading", { level: 2, name: t.usageHeading }))).toBe(true);
}

/** The owner's view of the month: the member's memos by matter, totals, and the matters across members. */
async function expectUsageReport(page: Page, language: Language) {
  const t = texts[language];
  const month = monthName(language);
  await expect.poll(isVisible(page.getByText(t.total(month), { exact: true }))).toBe(true);
  const byMember = page.getByRole("table", { name: t.byMember(month) });
  const memberRow = byMember.getByRole("row").filter({ hasText: "Louis Gagnon" });
  expect((await memberRow.innerText()).replace(/\s+/g, " ")).toMatch(/Louis Gagnon .*2024-017 2 2024-018 1 3$/);
  const ownerRow = byMember.getByRole("row").filter({ hasText: "Anne Tremblay" });
  expect((await ownerRow.innerText()).replace(/\s+/g, " ")).toMatch(new RegExp(`${t.noMemos} 0$`));
  expect((await byMember.locator("tfoot").innerText()).replace(/\s+/g, " ").trim()).toBe(`${t.total2} 3`);
  const byMatter = page.getByRole("table", { name: t.byMatter(month) });
  const matterRows = await byMatter.locator("tbody tr").allInnerTexts();
  expect(matterRows.map((row) => row.replace(/\s+/g, " ").trim())).toEqual(["2024-017 1 2", "2024-018 1 1"]);
}

/** "Download CSV" by keyboard: busy while it runs, then the file the server wrote, under its name. */
async function downloadCsv(page: Page, language: Language, memberEmail: string) {
  const t = texts[language];
  const button = page.getByRole("button", { name: t.download });
  await button.focus();
  // The answer held back a moment, so the busy state can be seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/firm/usage?*", async (route) => {
    if (route.request().headers().accept !== "text/csv") return route.fallback();
    await held;
    return route.fallback();
  });
  const downloadEvent = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  await expect.poll(() => button.getAttribute("aria-busy")).toBe("true");
  release();
  const download = await downloadEvent;
  await expect.poll(() => button.getAttribute("aria-busy")).toBe("false");
  await page.unroute("**/api/firm/usage?*");
  const fileName = `precis-usage-${thisMonth()}.csv`;
  expect(download.suggestedFilename()).toBe(fileName);
  await expect.poll(isVisible(page.getByRole("status").filter({ hasText: t.downloaded(fileName) }))).toBe(true);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const lines = csv.slice(1).split("\r\n");
  expect(lines[0]).toBe('"month","member","email","matter","memos"');
  expect(lines.filter((line) => line.includes(memberEmail)).sort()).toEqual([
    `"${thisMonth()}","Louis Gagnon","${memberEmail}","2024-017","2"`,
    `"${thisMonth()}","Louis Gagnon","${memberEmail}","2024-018","1"`,
  ]);
  expect(lines.filter((line) => line.includes("Anne Tremblay"))).toEqual([
    expect.stringMatching(new RegExp(`^"${thisMonth()}","Anne Tremblay","[^"]+","","0"$`)),
  ]);
  expect(lines.at(-1)).toBe("");
}

/** The member's own counts on Subscription: by matter, with the total, and only theirs. */
async function expectOwnUsage(page: Page, language: Language) {
  const t = texts[language];
  await page.goto("/subscription");
  await expect.poll(isVisible(page.getByRole("heading", { level: 2, name: t.mineHeading }))).toBe(true);
  const table = page.getByRole("table", { name: t.mineTable(monthName(language)) });
  await expect.poll(isVisible(table)).toBe(true);
  const rows = await table.locator("tbody tr, tfoot tr").allInnerTexts();
  expect(rows.map((row) => row.replace(/\s+/g, " ").trim())).toEqual(["2024-017 2", "2024-018 1", `${t.total2} 3`]);
}

describe("a firm's usage by client matter (issue 44)", () => {
  it.each([
    { language: "en", first: 1280, second: 390 },
    { language: "fr", first: 390, second: 1280 },
  ] as const)(
    "shows the owner each member's memos by matter and downloads the month's CSV ($language, $first and $second px)",
    async ({ language, first, second }) => {
      const t = texts[language];
      const { owner, ownerAccount, member, memberAccount } = await firmWithMember({
        language,
        width: first,
        label: language === "fr" ? "Cabinet Roy" : "Tremblay Avocats",
      });

      // Before any memo: the month, and a plain word that nothing was counted.
      await openUsageTab(owner, language);
      await expect.poll(isVisible(owner.getByText(t.empty(monthName(language)), { exact: true }))).toBe(true);
      const monthSelect = owner.getByLabel(t.month);
      expect(await monthSelect.inputValue()).toBe(thisMonth());
      expect(await monthSelect.locator("option").allInnerTexts()).toEqual([monthName(language)]);
      await expectNoAxeViolations(owner);
      await keepFirmScreen(owner, "firm-usage-empty");

      // The member makes three memos under two matters, as the extension reports them.
      await reportMemo(member, "2024-017");
      await reportMemo(member, "2024-017");
      await reportMemo(member, "2024-018");

      await openUsageTab(owner, language);
      await expectUsageReport(owner, language);
      await expectNoAxeViolations(owner);
      await keepFirmScreen(owner, "firm-usage");
      await downloadCsv(owner, language, memberAccount.email);
      await expectNoAxeViolations(owner);

      // The same report at the other width.
      const other = await openPage({ language, width: second });
      await logInContext(other.context(), ownerAccount);
      await openUsageTab(other, language);
      await expectUsageReport(other, language);
      await expectNoAxeViolations(other);
      await keepFirmScreen(other, "firm-usage");
    },
  );

  it.each([
    { language: "en", first: 1280, second: 390 },
    { language: "fr", first: 390, second: 1280 },
  ] as const)(
    "shows a member their own memos by matter on Subscription, and no Usage tab ($language, $first and $second px)",
    async ({ language, first, second }) => {
      const { member, memberAccount } = await firmWithMember({
        language,
        width: first,
        label: language === "fr" ? "Cabinet Côté" : "Gagnon LLP",
      });
      await reportMemo(member, "2024-017");
      await reportMemo(member, "2024-017");
      await reportMemo(member, "2024-018");

      await member.goto("/firm");
      await expect.poll(isVisible(member.getByRole("heading", { level: 1 }))).toBe(true);
      expect(await member.getByRole("tab").count()).toBe(0);
      await expectOwnUsage(member, language);
      await expectNoAxeViolations(member);
      await keepFirmScreen(member, "subscription-firm-usage");
      const elsewhere = await openPage({ language, width: second });
      await logInContext(elsewhere.context(), memberAccount);
      await expectOwnUsage(elsewhere, language);
      await expectNoAxeViolations(elsewhere);
      await keepFirmScreen(elsewhere, "subscription-firm-usage");
    },
  );

  it("says why when the month cannot be read, and reads it on retry", async () => {
    const { owner } = await firmWithMember({ language: "en", label: "Retry LLP" });
    let isFailing = true;
    await owner.route("**/api/firm/usage?*", (route) =>
      isFailing ? route.fulfill({ status: 503, contentType: "application/json", body: "{}" }) : route.fallback(),
    );
    await openUsageTab(owner, "en");
    const retry = owner.getByRole("button", { name: "Try again" });
    await expect.poll(isVisible(retry)).toBe(true);
    expect(await owner.getByRole("alert").innerText()).toContain("could not be loaded");
    await expectNoAxeViolations(owner);
    await keepFirmScreen(owner, "firm-usage-failed");
    isFailing = false;
    await retry.focus();
    await owner.keyboard.press("Enter");
    await expect.poll(isVisible(owner.getByText(texts.en.empty(monthName("en")), { exact: true }))).toBe(true);
  });
});

describe("a firm that requires two-step verification, on Home (issue 44)", () => {
  // Passkeys need the page at http://localhost (passkeys.e2e.ts): a server of this describe's own.
  let server: Awaited<ReturnType<typeof startLocalhostServer>>;
  beforeAll(async () => {
    server = await startLocalhostServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    { language: "en", width: 1280, other: 390 },
    { language: "fr", width: 390, other: 1280 },
  ] as const)(
    "holds Home with a notice until the member adds a passkey ($language, $width and $other px)",
    async ({ language, width, other }) => {
      const t = texts[language];
      const { firmName, owner, member, memberAccount } = await firmWithMember({
        language,
        width,
        baseUrl: server.baseUrl,
        label: language === "fr" ? "Cabinet Sécurité" : "Secure LLP",
      });
      await callOk(owner, "/api/firm", { method: "PATCH", body: { policies: { requireTwoStep: true } } });
      const authenticator = await addVirtualAuthenticator(member);

      // Home after sign-in: the notice instead of Home's content, focused, leading to Security.
      await member.goto("/");
      const heading = member.getByRole("heading", { level: 1, name: t.policyHeading(firmName) });
      await expect.poll(isVisible(heading)).toBe(true);
      await expect.poll(isFocused(heading)).toBe(true);
      expect(await member.getByRole("heading", { name: t.welcome("Louis") }).count()).toBe(0);
      await expectNoAxeViolations(member);
      await keepFirmScreen(member, "home-firm-policy");
      const phone = await openPage({ language, width: other, baseUrl: server.baseUrl });
      await logInContext(phone.context(), memberAccount);
      await phone.goto("/");
      await expect
        .poll(isVisible(phone.getByRole("heading", { level: 1, name: t.policyHeading(firmName) })))
        .toBe(true);
      await expectNoAxeViolations(phone);
      await keepFirmScreen(phone, "home-firm-policy");

      // By keyboard to Security, where the member adds a passkey.
      await member.getByRole("link", { name: t.policyAction }).focus();
      await member.keyboard.press("Enter");
      await expect.poll(() => pathOf(member)).toBe("/profile/Security");
      const panel = member.getByRole("region", { name: t.passkeys });
      await panel.getByRole("button", { name: t.addPasskey }).click();
      await panel.getByLabel(t.passkeyName, { exact: true }).fill("Work laptop");
      await panel.getByRole("button", { name: t.createPasskey }).click();
      await expect
        .poll(isVisible(panel.getByRole("list", { name: t.passkeyList }).getByText("Work laptop", { exact: true })))
        .toBe(true);
      expect(await authenticator.credentials()).toHaveLength(1);

      // Back on Home through the app's own link: the notice is gone at once, and Home is itself again.
      await member.getByRole("link", { name: "Precis" }).first().click();
      await expect.poll(() => pathOf(member)).toBe("/");
      await expect.poll(isVisible(member.getByRole("heading", { level: 1, name: t.welcome("Louis") }))).toBe(true);
      expect(await member.getByRole("heading", { name: t.policyHeading(firmName) }).count()).toBe(0);
      await expectNoAxeViolations(member);
      // And on a fresh load too.
      await phone.goto("/");
      await expect.poll(isVisible(phone.getByRole("heading", { level: 1, name: t.welcome("Louis") }))).toBe(true);
      expect(await phone.getByRole("heading", { name: t.policyHeading(firmName) }).count()).toBe(0);
    },
  );
});
