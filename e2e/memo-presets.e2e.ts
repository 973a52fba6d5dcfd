import { mkdir } from "node:fs/promises";
import path from "node:path";
import { defaultMemoOptionSet } from "@precis/contract/memo-options";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpInContext } from "./support/accounts.ts";
import { expectNoAxeViolations, failureDir, isVisible, type Language, useBrowser } from "./support/browser.ts";

/**
 * Issue 30's memo presets in the browser: a lawyer keeps "Client letter" and "For my principal", edits each
 * with the live preview and tree, chooses the one the extension uses, renames and deletes them.
 */
const { openPage } = useBrowser();

type UserOptions = { options: { id: number; name: string; memoTone: string }[]; selectedOptionId: number };

/** The API as the page itself calls it (its cookie and access key), to check what was really stored. */
async function callApi(page: Page, method: string, url: string, body?: unknown): Promise<UserOptions> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: {
          "x-access-key": localStorage.getItem("precis.accessKey") ?? "",
          "x-requested-with": "XMLHttpRequest",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { method, url, body },
  );
}

const picker = (page: Page, name = "Preset being edited") => page.getByRole("combobox", { name });
const pickerText = (page: Page) => page.locator(".memo-presets-select").innerText();
const previewHeading = (page: Page) => page.getByTestId("memo-preview-heading").textContent();
const treeItems = (page: Page) => page.locator('.memo-tree [role="treeitem"]');
const row = (page: Page, name: string) =>
  page.locator(".memo-option-rows").getByRole("radiogroup", { name, exact: true });
const notice = (page: Page) => page.locator(".memo-presets-notice");
/**
 * The deletion's confirmation has faded out. The notice comes as the request answers, while the popover still
 * shows its (loading) Delete button for its closing animation, which a next "Delete" would also find.
 */
const confirmationClosed = (page: Page) =>
  expect
    .poll(() =>
      page
        .getByRole("tooltip")
        .getByRole("button", { name: /Delete/ })
        .count(),
    )
    .toBe(0);

async function openMemoSettings(options: { language?: Language; width?: number } = {}) {
  const page = await openPage(options);
  await signUpInContext(page.context(), { firstName: "Marie", lastName: "Tremblay" });
  await page.goto("/profile/PrecisSettings");
  await expect.poll(() => treeItems(page).count()).toBe(14);
  return page;
}

/** Chooses a preset in the picker with the mouse (the keyboard test does it with keys). */
async function pickPreset(page: Page, name: string) {
  await picker(page).click();
  // Only the open list: a closing one may still be on screen for its animation.
  await page.locator(".ant-select-item-option:visible", { hasText: name }).click();
  await expect.poll(() => pickerText(page)).toContain(name);
}

/** Opens "New preset", chooses an item of its menu, and names the preset in the dialog. */
async function createPreset(page: Page, item: string | RegExp, name: string, labels = englishDialog) {
  await page.getByRole("button", { name: labels.newPreset }).click();
  await page.getByRole("menuitem", { name: item }).click();
  const nameField = page.getByRole("dialog").getByLabel(labels.name, { exact: true });
  await expect.poll(isVisible(nameField)).toBe(true);
  await nameField.fill(name);
  await page.getByRole("dialog").getByRole("button", { name: labels.create }).click();
  await expect.poll(isVisible(page.getByRole("dialog"))).toBe(false);
}
const englishDialog = { newPreset: "New preset", name: "Name", create: "Create" };
const frenchDialog = { newPreset: "Nouveau préréglage", name: "Nom", create: "Créer" };

/** A disabled button says why: in a tooltip on hover, and to a screen reader as its description. */
async function expectTooltipOn(page: Page, button: Locator, text: string) {
  await button.locator("xpath=..").hover();
  const tooltip = page.getByRole("tooltip").filter({ hasText: text });
  await expect.poll(isVisible(tooltip)).toBe(true);
  const describedBy = await button.getAttribute("aria-describedby");
  expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(text);
}

async function screenshot(page: Page, name: string) {
  const directory = path.join(failureDir, "memo-presets");
  await mkdir(directory, { recursive: true });
  await page.locator(".memo-presets").scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(directory, `${name}.png`), fullPage: true });
}

describe("memo presets", () => {
  it("create, rename, choose and delete presets, the preview and tree following the one being edited", {
    timeout: 180_000,
  }, async () => {
    const page = await openMemoSettings();
    // SPEC's placeholder name of the default set reads as a name.
    expect(await pickerText(page)).toContain("My memo settings");
    expect(await pickerText(page)).not.toContain("Profile-name");
    expect(await page.locator(".memo-presets-in-use").innerText()).toContain("Used for memos");
    expect(await page.getByRole("button", { name: "Delete" }).isDisabled()).toBe(true);

    // "Client letter": Client tone, Short summary.
    await createPreset(page, "From the defaults", "Client letter");
    await expect.poll(() => notice(page).textContent()).toBe("Preset “Client letter” created. You are now editing it.");
    expect(await pickerText(page)).toContain("Client letter");
    await row(page, "Tone").getByText("Client", { exact: true }).click();
    await row(page, "Summary").getByText("Short", { exact: true }).click();
    // While the edits are unsaved, the presets wait for them.
    expect(
      await page.getByText("Save or cancel your changes before you switch presets or change them.").isVisible(),
    ).toBe(true);
    expect(await page.getByRole("button", { name: "Rename" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Rename" }).isDisabled()).toBe(false);

    await page.getByRole("button", { name: "Use for memos" }).click();
    await expect.poll(() => notice(page).textContent()).toBe("“Client letter” is now used for memos.");
    // The button is gone: focus moved to the notice rather than to the page.
    expect(await page.evaluate(() => document.activeElement?.className)).toContain("memo-presets-notice");
    let stored = await callApi(page, "GET", "/api/user-options");
    const clientLetter = stored.options.find((set) => set.name === "Client letter");
    expect(clientLetter?.memoTone).toBe("Client");
    expect(stored.selectedOptionId).toBe(clientLetter?.id);

    // "For my principal": a copy of "Client letter", then Supervisor tone, Long summary, Judges hidden.
    await createPreset(page, "Duplicate “Client letter”", "For my principal");
    expect(await row(page, "Tone").getByRole("radio", { name: "Client" }).isChecked()).toBe(true);
    await row(page, "Tone").getByText("Supervisor", { exact: true }).click();
    await expect.poll(() => previewHeading(page)).toBe("Supervisor Tone");
    await row(page, "Summary").getByText("Long", { exact: true }).click();
    const judges = treeItems(page).filter({ hasText: "Judges" }).getByRole("checkbox");
    await judges.click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Rename" }).isDisabled()).toBe(false);
    await screenshot(page, "en-desktop");

    // The preview and the tree show the preset being edited.
    await pickPreset(page, "Client letter");
    expect(await previewHeading(page)).toBe("Short Summary");
    expect(await row(page, "Tone").getByRole("radio", { name: "Client" }).isChecked()).toBe(true);
    expect(await judges.getAttribute("aria-checked")).toBe("true");
    await pickPreset(page, "For my principal");
    expect(await previewHeading(page)).toBe("Long Summary");
    expect(await judges.getAttribute("aria-checked")).toBe("false");
    expect(await page.getByTestId("memo-preview-outline").textContent()).not.toContain("Judges");
    await expectNoAxeViolations(page);

    // Rename, then a reload reopens the preset being edited; the one in use stays "Client letter".
    await page.getByRole("button", { name: "Rename" }).click();
    const nameField = page.getByRole("dialog").getByLabel("Name", { exact: true });
    await expect.poll(() => nameField.inputValue()).toBe("For my principal");
    await expectNoAxeViolations(page);
    await nameField.fill("For my principal, long");
    await nameField.press("Enter");
    await expect.poll(() => notice(page).textContent()).toBe("Preset renamed “For my principal, long”.");
    await page.reload();
    await expect.poll(() => treeItems(page).count()).toBe(14);
    expect(await pickerText(page)).toContain("For my principal, long");
    expect(await page.getByRole("button", { name: "Use for memos" }).isVisible()).toBe(true);
    stored = await callApi(page, "GET", "/api/user-options");
    expect(stored.selectedOptionId).toBe(clientLetter?.id);

    // Delete it (confirmed), then the default set: the last one left cannot be deleted.
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => notice(page).textContent()).toBe("Preset “For my principal, long” deleted.");
    await confirmationClosed(page);
    expect(await pickerText(page)).toContain("Client letter");
    await pickPreset(page, "My memo settings");
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => notice(page).textContent()).toBe("Preset “My memo settings” deleted.");
    await confirmationClosed(page);
    const deleteButton = page.getByRole("button", { name: "Delete" });
    expect(await deleteButton.isDisabled()).toBe(true);
    await expectTooltipOn(page, deleteButton, "Your only preset cannot be deleted: the extension needs one.");
    stored = await callApi(page, "GET", "/api/user-options");
    expect(stored.options.map((set) => set.name)).toEqual(["Client letter"]);
    expect(stored.selectedOptionId).toBe(clientLetter?.id);
  });

  it("work from the keyboard alone, focus landing where the work goes on", { timeout: 120_000 }, async () => {
    const page = await openMemoSettings();
    const focusedName = () =>
      page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent);

    // Tab to "New preset", open its menu and choose an item with the keyboard.
    await page.getByRole("button", { name: "Rename" }).focus();
    await page.keyboard.press("Shift+Tab");
    expect(await focusedName()).toContain("New preset");
    await page.keyboard.press("Enter");
    await expect.poll(isVisible(page.getByRole("menuitem", { name: "From the defaults" }))).toBe(true);
    // The menu has focus: arrow keys move through its items. Focus moves a moment after each key, so each look
    // waits for the last key to land before pressing the next (pressing on a stale look skipped past the item).
    const activeItem = () => page.evaluate(() => document.activeElement?.textContent ?? "");
    await expect
      .poll(
        async () => {
          const item = await activeItem();
          if (item !== "From the defaults") await page.keyboard.press("ArrowDown");
          return item;
        },
        { timeout: 5_000, interval: 150 },
      )
      .toBe("From the defaults");
    await page.keyboard.press("Enter");
    const nameField = page.getByRole("dialog").getByLabel("Name", { exact: true });
    // The dialog opens with an animation; focus reaches the field when it has.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), { timeout: 5_000 }).toBe("INPUT");
    expect(await nameField.inputValue()).toBe("New preset");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Client letter");
    await page.keyboard.press("Enter");
    await expect.poll(isVisible(page.getByRole("dialog")), { timeout: 5_000 }).toBe(false);
    // The dialog's menu item is gone: focus goes to the picker, which shows the new preset.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 5_000 })
      .toBe("memo-preset-picker");
    expect(await pickerText(page)).toContain("Client letter");

    // Switch back with the keyboard, in the picker that has focus.
    await page.keyboard.press("ArrowDown");
    await expect.poll(isVisible(page.locator(".ant-select-dropdown"))).toBe(true);
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect.poll(() => pickerText(page)).toContain("My memo settings");

    // Escape leaves the name dialog without creating anything.
    await page.getByRole("button", { name: "Rename" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), { timeout: 5_000 }).toBe("INPUT");
    expect(await nameField.inputValue()).toBe("My memo settings");
    await page.keyboard.press("Escape");
    await expect.poll(isVisible(page.getByRole("dialog")), { timeout: 5_000 }).toBe(false);
    expect(await focusedName()).toContain("Rename");
    expect((await callApi(page, "GET", "/api/user-options")).options).toHaveLength(2);
  });

  it("stop at 10 presets and say why, and refuse an empty name in the dialog", { timeout: 120_000 }, async () => {
    const page = await openMemoSettings();
    await callApi(page, "PUT", "/api/user-options", { ...defaultMemoOptionSet, id: -1, name: "First" });
    for (let index = 2; index <= 10; index += 1) {
      const answer = await callApi(page, "POST", "/api/user-options", { name: `Preset ${index}` });
      expect(answer.options).toHaveLength(index);
    }
    await page.reload();
    await expect.poll(() => treeItems(page).count()).toBe(14);
    const newPreset = page.getByRole("button", { name: "New preset" });
    expect(await newPreset.isDisabled()).toBe(true);
    await expectTooltipOn(page, newPreset, "You can keep at most 10 presets. Delete one to add another.");

    await page.getByRole("button", { name: "Rename" }).click();
    const nameField = page.getByRole("dialog").getByLabel("Name", { exact: true });
    await nameField.fill("   ");
    await page.getByRole("dialog").getByRole("button", { name: "Rename" }).click();
    await expect.poll(isVisible(page.getByRole("dialog").getByText("Enter a name."))).toBe(true);
    // The field takes no more than 60 characters.
    await nameField.fill("x".repeat(70));
    expect(await nameField.inputValue()).toHaveLength(60);
  });

  it("name the preset that takes over when the one in use is deleted, and say it again in French after a switch", {
    timeout: 120_000,
  }, async () => {
    const page = await openMemoSettings();
    await createPreset(page, "From the defaults", "Client letter");
    await page.getByRole("button", { name: "Use for memos" }).click();
    await expect.poll(() => notice(page).textContent()).toBe("“Client letter” is now used for memos.");
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("tooltip").getByRole("button", { name: "Delete" }).click();
    await expect
      .poll(() => notice(page).textContent())
      .toBe("Preset “Client letter” deleted. Memos now use “My memo settings”.");
    await confirmationClosed(page);

    await page.getByRole("radiogroup", { name: "Language" }).first().locator("label", { hasText: "FR" }).click();
    await expect.poll(() => pickerText(page)).toContain("Mes paramètres de mémo");
    // Nothing stays in English: the notice is redrawn in French, or gone with the tab's reload of its texts.
    expect(await page.getByText("Memos now use").count()).toBe(0);
    const redrawn = (await notice(page).count()) > 0 ? await notice(page).textContent() : null;
    expect([
      null,
      "Préréglage «\u00a0Client letter\u00a0» supprimé. Les mémos utilisent maintenant «\u00a0Mes paramètres de mémo\u00a0».",
    ]).toContain(redrawn);
    expect(await picker(page, "Préréglage en cours de modification").count()).toBe(1);
    await expectNoAxeViolations(page);
  });

  for (const width of [1280, 390]) {
    it(`say in French what each preset does, without axe violations, at ${width} px`, {
      timeout: 120_000,
    }, async () => {
      const page = await openMemoSettings({ language: "fr", width });
      expect(await page.getByRole("heading", { name: "Préréglages" }).isVisible()).toBe(true);
      await createPreset(page, "À partir des valeurs par défaut", "Lettre au client", frenchDialog);
      await expect
        .poll(() => notice(page).textContent())
        .toBe("Préréglage «\u00a0Lettre au client\u00a0» créé. Vous le modifiez maintenant.");
      await page.getByRole("button", { name: "Utiliser pour les mémos" }).click();
      await expect
        .poll(() => notice(page).textContent())
        .toBe("«\u00a0Lettre au client\u00a0» est maintenant utilisé pour les mémos.");
      await row(page, "Ton").getByText("Client", { exact: true }).click();
      expect(await page.getByText("Enregistrez ou annulez vos modifications").isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, `fr-${width === 390 ? "phone" : "desktop"}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  it("fit a phone screen in English, with the picker across the width", { timeout: 120_000 }, async () => {
    const page = await openMemoSettings({ width: 390 });
    await createPreset(page, "From the defaults", "A preset with a rather long name for a phone screen");
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "en-phone");
  });
});
