import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpInContext } from "./support/accounts.ts";
import { expectNoAxeViolations, type Language, useBrowser } from "./support/browser.ts";
import { publishTxtRecord } from "./support/dns-server.ts";
import { keepFirmScreen } from "./support/firm-screens.ts";
import { E2E_STRIPE_FIRM_PRICE_ID } from "./support/global-setup.ts";
import { callApiFromPage } from "./support/sessions.ts";
import { deliverStripeEvent } from "./support/stripe-events.ts";

/*
 * Issue 44's "Join <firm>" on Home, for a verified person at a domain the firm added in `suggest` mode, and the
 * firm's activity trail saved as CSV by its owner. The firm and its domain are set up through the API (firm.e2e.ts
 * walks those screens); the colleague joins from Home, and the owner's file then holds the join.
 */

const { openPage, baseUrl } = useBrowser();

const isVisible = (locator: Locator) => () => locator.isVisible();

const texts = {
  en: {
    suggestionTitle: (firm: string) => `Your colleagues at ${firm} use Precis`,
    join: (firm: string) => `Join ${firm}`,
    joined: (firm: string) => `You joined ${firm}.`,
    openFirm: (firm: string) => `See ${firm} on your firm's page`,
    activityTab: "Activity",
    download: "Download CSV",
    downloaded: (fileName: string) => `Downloaded ${fileName}.`,
    managedBy: (firm: string) => `Your access is managed by ${firm}`,
    unseated: (firm: string) => `${firm} has more members than seats: you are using your own access`,
    leave: "Leave the firm",
    modeLabel: (domain: string) => `How people at ${domain} join`,
    checkNow: (domain: string) => `Check the DNS record of ${domain} now`,
  },
  fr: {
    suggestionTitle: (firm: string) => `Vos collègues de ${firm} utilisent Precis`,
    join: (firm: string) => `Rejoindre ${firm}`,
    joined: (firm: string) => `Vous faites maintenant partie de ${firm}.`,
    openFirm: (firm: string) => `Voir ${firm} sur la page de votre cabinet`,
    activityTab: "Activité",
    download: "Télécharger le CSV",
    downloaded: (fileName: string) => `${fileName} a été téléchargé.`,
    managedBy: (firm: string) => `Votre accès est géré par ${firm}`,
    unseated: (firm: string) => `${firm} compte plus de membres que de sièges\u00a0: vous utilisez votre propre accès`,
    leave: "Quitter le cabinet",
    modeLabel: (domain: string) => `Comment les personnes de ${domain} se joignent`,
    checkNow: (domain: string) => `Vérifier maintenant l’enregistrement DNS de ${domain}`,
  },
} satisfies Record<Language, unknown>;

/** An API call as the page makes it, which must succeed. */
async function callOk(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  const answer = await callApiFromPage(page, path, init);
  if (answer.status !== 200)
    throw new Error(`${init.method ?? "GET"} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Holds the requests that match `pattern` until `release` is called, so a button's busy state can be seen. */
async function holdRequests(page: Page, pattern: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    return route.fallback();
  });
  return { release: () => release(), stop: () => page.unroute(pattern) };
}

describe("joining a suggested firm from Home, and the firm's activity as CSV (issue 44)", () => {
  it.each([
    { language: "en", width: 1280 },
    { language: "fr", width: 390 },
  ] as const)(
    "offers a verified colleague 'Join <firm>' on Home, and the owner downloads the trail with the join ($language, $width px)",
    async ({ language, width }) => {
      const t = texts[language];
      const stamp = Date.now().toString(36);
      const domain = `home-join-${stamp}.ca`;
      const firmName = `${language === "fr" ? "Cabinet Roy" : "Tremblay Avocats"} ${stamp}`;

      const owner = await openPage({ language, width });
      await signUpInContext(
        owner.context(),
        { firstName: "Anne", lastName: "Tremblay" },
        { email: `anne.${stamp}@${domain}` },
      );
      await owner.goto("/");
      await callOk(owner, "/api/firms", { method: "POST", body: { name: firmName } });
      // Suggest needs the domain proven by DNS (decision 038): the Domains tab offers it only once the record the
      // tab shows is found, so the owner publishes it, chooses Check now, then Suggest.
      await callOk(owner, "/api/firm/domains", { method: "POST", body: { domain } });
      const domainRow = async () => {
        const { domains } = (await callOk(owner, "/api/firm/domains")) as {
          domains: { domain: string; joinMode: string; record: { name: string; value: string } }[];
        };
        return domains.find((row) => row.domain === domain);
      };
      const claim = await domainRow();
      if (!claim) throw new Error(`the firm has not added ${domain}`);
      await owner.goto("/firm?tab=domains");
      const mode = owner.getByRole("combobox", { name: t.modeLabel(domain) });
      const suggest = mode.locator('option[value="suggest"]');
      await expect.poll(isVisible(mode)).toBe(true);
      expect(await suggest.isDisabled()).toBe(true);
      await publishTxtRecord(claim.record.name, [claim.record.value]);
      await owner.getByRole("button", { name: t.checkNow(domain) }).click();
      await expect.poll(() => suggest.isDisabled()).toBe(false);
      await mode.selectOption("suggest");
      await expect.poll(async () => (await domainRow())?.joinMode).toBe("suggest");

      // The colleague, verified at the firm's domain, is told on Home once the page is idle.
      const colleague = await openPage({ language, width });
      await signUpInContext(
        colleague.context(),
        { firstName: "Louis", lastName: "Gagnon" },
        { email: `louis.${stamp}@${domain}` },
      );
      await colleague.goto("/");
      const card = colleague.getByRole("status").filter({ hasText: t.suggestionTitle(firmName) });
      await expect.poll(isVisible(card)).toBe(true);
      await expectNoAxeViolations(colleague);
      await keepFirmScreen(colleague, "home-firm-suggestion");
      if (width !== 390) {
        await colleague.setViewportSize({ width: 390, height: 844 });
        await keepFirmScreen(colleague, "home-firm-suggestion");
        await colleague.setViewportSize({ width, height: 900 });
      }

      // By keyboard: busy while the join runs, then the message with its way to /firm, and the offer gone.
      const join = colleague.getByRole("button", { name: t.join(firmName) });
      await join.focus();
      const hold = await holdRequests(colleague, "**/api/firm/join-by-domain");
      await colleague.keyboard.press("Enter");
      await expect.poll(() => join.getAttribute("aria-busy")).toBe("true");
      hold.release();
      const joined = colleague.getByRole("status").filter({ hasText: t.joined(firmName) });
      await expect.poll(isVisible(joined)).toBe(true);
      await hold.stop();
      expect(await join.count()).toBe(0);
      expect(await card.count()).toBe(0);
      const firmLink = joined.getByRole("link", { name: t.openFirm(firmName) });
      expect(await firmLink.getAttribute("href")).toBe("/firm");
      await expectNoAxeViolations(colleague);
      await keepFirmScreen(colleague, "home-firm-joined");
      const membership = (await callOk(colleague, "/api/firm")) as { firm: { name: string } | null };
      expect(membership.firm?.name).toBe(firmName);

      // The owner's Activity tab: "Download CSV" saves every event, the join first.
      await owner.goto("/firm");
      const tab = owner.getByRole("tab", { name: new RegExp(`(^|\\s)${t.activityTab}$`) });
      await tab.focus();
      await owner.keyboard.press("Enter");
      await expect.poll(() => tab.getAttribute("aria-selected")).toBe("true");
      const download = owner.getByRole("button", { name: t.download });
      await expect.poll(isVisible(download)).toBe(true);
      await download.focus();
      const auditHold = await holdRequests(owner, "**/api/firm/audit?*");
      const downloadEvent = owner.waitForEvent("download");
      await owner.keyboard.press("Enter");
      await expect.poll(() => download.getAttribute("aria-busy")).toBe("true");
      auditHold.release();
      const file = await downloadEvent;
      await expect.poll(() => download.getAttribute("aria-busy")).toBe("false");
      await auditHold.stop();
      const fileName = `precis-firm-activity-${new Date().toISOString().slice(0, 10)}.csv`;
      expect(file.suggestedFilename()).toBe(fileName);
      await expect.poll(isVisible(owner.getByRole("status").filter({ hasText: t.downloaded(fileName) }))).toBe(true);
      await expectNoAxeViolations(owner);
      await keepFirmScreen(owner, "firm-activity-downloaded");

      const csv = await readFile(await file.path(), "utf8");
      expect(csv.startsWith("\uFEFF")).toBe(true);
      const lines = csv.slice(1).split("\r\n");
      const iso = '"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z"';
      expect(lines).toEqual([
        '"date","event","actor","subject","details"',
        expect.stringMatching(new RegExp(`^${iso},"member_joined","Louis Gagnon","Louis Gagnon","domain=${domain}"$`)),
        expect.stringMatching(
          new RegExp(`^${iso},"domain_changed","Anne Tremblay","","domain=${domain}; from=invitation; to=suggest"$`),
        ),
        expect.stringMatching(new RegExp(`^${iso},"domain_proven","Anne Tremblay","","domain=${domain}"$`)),
        expect.stringMatching(
          new RegExp(`^${iso},"domain_added","Anne Tremblay","","domain=${domain}; joinMode=invitation"$`),
        ),
        expect.stringMatching(new RegExp(`^${iso},"firm_created","Anne Tremblay","","name=${firmName}"$`)),
        "",
      ]);

      // Issue 53: the firm buys one seat, the owner's; Home tells the colleague which firm manages their access, why
      // it is their own for now, and they leave the firm from there.
      const { firm } = (await callOk(owner, "/api/firm")) as { firm: { id: number } };
      await deliverStripeEvent(baseUrl, "customer.subscription.created", {
        id: `sub_e2e_home_${firm.id}`,
        object: "subscription",
        customer: `cus_e2e_home_${firm.id}`,
        status: "active",
        cancel_at_period_end: false,
        metadata: { firm_id: String(firm.id) },
        items: {
          object: "list",
          data: [
            {
              id: `si_e2e_home_${firm.id}`,
              quantity: 1,
              current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400,
              price: { id: E2E_STRIPE_FIRM_PRICE_ID, recurring: { interval: "month" } },
            },
          ],
        },
      });
      await colleague.goto("/");
      const managed = colleague.getByRole("status").filter({ hasText: t.managedBy(firmName) });
      await expect.poll(isVisible(managed)).toBe(true);
      await expect.poll(isVisible(managed.getByText(t.unseated(firmName)))).toBe(true);
      const leave = managed.getByRole("button", { name: t.leave });
      await expect.poll(isVisible(leave)).toBe(true);
      await expectNoAxeViolations(colleague);
      await keepFirmScreen(colleague, "home-firm-managed");
      await leave.focus();
      await colleague.keyboard.press("Enter");
      const dialog = colleague.getByRole("dialog");
      const confirm = dialog.getByRole("button", { name: t.leave });
      await expect.poll(isVisible(confirm)).toBe(true);
      await expectNoAxeViolations(colleague);
      const leaveHold = await holdRequests(colleague, "**/api/firm/leave");
      await confirm.focus();
      await colleague.keyboard.press("Enter");
      await expect.poll(() => confirm.getAttribute("aria-busy")).toBe("true");
      leaveHold.release();
      await expect.poll(() => managed.count()).toBe(0);
      await leaveHold.stop();
      expect(((await callOk(colleague, "/api/firm")) as { firm: unknown }).firm).toBeNull();
    },
  );
});
