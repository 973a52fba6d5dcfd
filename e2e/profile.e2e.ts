import { topicsOfInterest } from "@precis/contract/profile";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUpInContext } from "./support/accounts.ts";
import { expectNoAxeViolations, isVisible, type Language, useBrowser } from "./support/browser.ts";

const { openPage } = useBrowser();

async function openProfile(path: string, options: { language?: Language; width?: number } = {}) {
  const page = await openPage(options);
  await signUpInContext(page.context(), { firstName: "Marie", lastName: "Tremblay" });
  await page.goto(path);
  return page;
}

/** The API as the page itself calls it (its cookie and access key), to check what was really stored. */
async function readApi(page: Page, path: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url, {
      headers: { "x-access-key": localStorage.getItem("precis.accessKey") ?? "", "x-requested-with": "XMLHttpRequest" },
    });
    return response.json();
  }, path);
}

const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

describe("profile tabs", () => {
  it("asks a logged-out visitor to log in", async () => {
    const page = await openPage();
    await page.goto("/profile");
    await expect.poll(isVisible(page.getByRole("heading", { name: "You haven't logged in" }))).toBe(true);
    expect(await page.getByRole("link", { name: "Login Now" }).getAttribute("href")).toBe("/login");
    await expectNoAxeViolations(page);
  });

  it("read the tab id case-insensitively and rewrite a missing or unknown one", async () => {
    const page = await openProfile("/profile");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/profile/UserSettings");
    expect(await page.getByRole("tab", { name: "User settings" }).getAttribute("aria-selected")).toBe("true");

    await page.goto("/profile/precisSETTINGS");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/profile/PrecisSettings");
    await expect.poll(isVisible(page.getByRole("heading", { name: "Extension Settings" }))).toBe(true);

    await page.goto("/profile/Billing");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/profile/UserSettings");

    await page.getByRole("tab", { name: "Memo settings" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/profile/PrecisSettings");
  });
});

describe("user settings", () => {
  it("save the edited fields, and Cancel brings back what is saved", async () => {
    const page = await openProfile("/profile/UserSettings");
    const save = page.getByRole("button", { name: "Save" });
    const cancel = page.getByRole("button", { name: "Cancel" });
    await expect.poll(isVisible(page.getByLabel("First Name"))).toBe(true);
    expect(await page.getByLabel("Email").getAttribute("readonly")).not.toBeNull();
    expect(await page.getByLabel("Username").getAttribute("readonly")).not.toBeNull();
    expect(await save.isDisabled()).toBe(true);
    expect(await cancel.isDisabled()).toBe(true);

    await page.getByLabel("Organization").fill("Cabinet Tremblay");
    await page.getByLabel("Area of Law", { exact: true }).fill("Labour Law, Administrative Law");
    await page.getByRole("combobox", { name: "Occupation" }).selectOption({ label: "Law faculty" });
    await page.getByRole("checkbox", { name: "Labour and Employment" }).check();
    await expect.poll(isVisible(status(page, "You have unsaved changes"))).toBe(true);
    await save.click();
    await expect.poll(isVisible(status(page, "Changes Saved"))).toBe(true);
    expect(await save.isDisabled()).toBe(true);

    const { userProfile } = await readApi(page, "/api/user-details");
    expect(userProfile).toMatchObject({
      organization: "Cabinet Tremblay",
      areaOfLaw: "Labour Law, Administrative Law",
      occupation: "law faculty",
      topicsOfInterest: ["Labour and Employment"],
    });

    await page.getByLabel("First Name").fill("Martine");
    await page.getByRole("checkbox", { name: "Taxation" }).check();
    expect(await status(page, "Changes Saved").count()).toBe(0);
    await cancel.click();
    await expect.poll(() => page.getByLabel("First Name").inputValue()).toBe("Marie");
    expect(await page.getByRole("checkbox", { name: "Taxation" }).isChecked()).toBe(false);
    expect(await save.isDisabled()).toBe(true);

    await page.reload();
    await expect.poll(() => page.getByLabel("Organization").inputValue()).toBe("Cabinet Tremblay");
    expect(await page.getByRole("checkbox", { name: "Labour and Employment" }).isChecked()).toBe(true);
  });

  it("show the Area of Law help on hover and on keyboard focus", async () => {
    const page = await openProfile("/profile/UserSettings");
    const help = page.getByRole("button", { name: "Help for Area of Law" });
    await help.hover();
    const text = "Enter several fields separated by commas, for example Corporate Law, Criminal Law.";
    await expect.poll(isVisible(page.getByRole("tooltip").filter({ hasText: text }))).toBe(true);
    await page.mouse.move(0, 0);
    await help.focus();
    await expect.poll(isVisible(page.getByRole("tooltip").filter({ hasText: text }))).toBe(true);
  });

  it("turn All Subjects on and off, and turn it on by itself when all 44 are ticked", async () => {
    const page = await openProfile("/profile/UserSettings");
    const allSubjects = page.getByRole("switch", { name: "All Subjects" });
    const topicBoxes = page.locator(".profile-topic-columns").getByRole("checkbox");
    await expect.poll(() => topicBoxes.count()).toBe(44);
    expect(await page.locator(".profile-topic-column").count()).toBe(4);

    await allSubjects.click();
    await expect
      .poll(() => page.locator(".profile-topic-columns").getByRole("checkbox", { checked: true }).count())
      .toBe(44);
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(isVisible(status(page, "Changes Saved"))).toBe(true);
    expect((await readApi(page, "/api/user-details")).userProfile.topicsOfInterest).toEqual([...topicsOfInterest]);

    await page.reload();
    await expect.poll(() => allSubjects.getAttribute("aria-checked")).toBe("true");
    await allSubjects.click();
    await expect
      .poll(() => page.locator(".profile-topic-columns").getByRole("checkbox", { checked: true }).count())
      .toBe(0);
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(isVisible(status(page, "Changes Saved"))).toBe(true);
    expect((await readApi(page, "/api/user-details")).userProfile.topicsOfInterest).toEqual([]);

    for (const topic of topicsOfInterest.slice(0, -1))
      await page.getByRole("checkbox", { name: topic, exact: true }).check();
    expect(await allSubjects.getAttribute("aria-checked")).toBe("false");
    await page.getByRole("checkbox", { name: "Young Offenders" }).check();
    await expect.poll(() => allSubjects.getAttribute("aria-checked")).toBe("true");
  });

  it("show the server's refusal on the named field and focus it, and keep the edits", async () => {
    const page = await openProfile("/profile/UserSettings");
    await page.route("**/api/user-details", (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({
              statusCode: 400,
              error: "Bad Request",
              message: "Invalid request: check body.lastName.",
              fields: [{ path: "body.lastName", message: "Too big" }],
            }),
          })
        : route.continue(),
    );
    await page.getByLabel("Last Name").fill("Tremblay-Roy");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(isVisible(page.getByText("This value was not accepted. Please check it."))).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("user-settings_lastName");
    expect(await page.getByLabel("Last Name").inputValue()).toBe("Tremblay-Roy");
  });

  it("say so when saving fails, or when the session has ended, and keep the edits", async () => {
    const page = await openProfile("/profile/UserSettings");
    await page.route("**/api/user-details", (route) =>
      route.request().method() === "PATCH" ? route.abort("connectionreset") : route.continue(),
    );
    await page.getByLabel("Organization").fill("Étude Gagnon");
    await page.getByRole("button", { name: "Save" }).click();
    const failed = page.getByRole("alert").filter({ hasText: "Error: failed to save changes. Please try again" });
    await expect.poll(isVisible(failed)).toBe(true);
    expect(await page.getByLabel("Organization").inputValue()).toBe("Étude Gagnon");

    await page.unroute("**/api/user-details");
    await page.evaluate(() =>
      fetch("/api/logout", {
        headers: {
          "x-access-key": localStorage.getItem("precis.accessKey") ?? "",
          "x-requested-with": "XMLHttpRequest",
        },
      }),
    );
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(isVisible(page.getByRole("alert").filter({ hasText: "Your session has ended" }))).toBe(true);
    expect(await page.getByLabel("Organization").inputValue()).toBe("Étude Gagnon");
  });
});

/** The five rows of memo options (the memo's language is "Memo language": the page's switch is "Language"). */
const row = (page: Page, name: string) =>
  page.locator(".memo-option-rows").getByRole("radiogroup", { name, exact: true });
const heading = (page: Page) => page.getByTestId("memo-preview-heading");
const body = (page: Page) => page.getByTestId("memo-preview-body");
const treeOrder = (page: Page) => page.locator('.memo-tree [role="treeitem"] .memo-tree-name').allTextContents();
const DEFAULT_ORDER = [
  "Case",
  "Citation",
  "Plaintiff",
  "Defendant",
  "Judges",
  "Court",
  "Decision Date",
  "Summary",
  "Facts",
  "Arguments",
  "Issues",
  "Rule",
  "Analysis",
  "Conclusion",
];

async function openMemoSettings(options: { language?: Language; width?: number } = {}) {
  const page = await openProfile("/profile/PrecisSettings", options);
  await expect.poll(() => treeOrder(page)).toHaveLength(14);
  return page;
}

/** A native drag and drop (rc-tree listens to HTML5 drag events) onto the lower half of a node. */
async function dragNode(page: Page, fromName: string, toName: string) {
  const node = (name: string) =>
    page.locator('.memo-tree [role="treeitem"]').filter({ has: page.locator(".memo-tree-name", { hasText: name }) });
  // Chromium drops nothing near the viewport's edge: bring the tree to the middle first.
  await page.locator(".memo-tree").evaluate((tree) => tree.scrollIntoView({ block: "center" }));
  const from = await node(fromName).locator(".memo-tree-name").boundingBox();
  const to = await node(toName).locator(".memo-tree-name").boundingBox();
  if (!from || !to) throw new Error("tree nodes not laid out");
  await page.mouse.move(from.x + 10, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 12, from.y + from.height / 2 + 6, { steps: 4 });
  await page.mouse.move(to.x + 12, to.y + to.height - 3, { steps: 12 });
  await page.mouse.up();
}

describe("memo settings", () => {
  it("start from SPEC's defaults, with the Summary preview", async () => {
    const page = await openMemoSettings();
    expect(await page.getByRole("heading", { name: "Extension Settings" }).isVisible()).toBe(true);
    expect(await treeOrder(page)).toEqual(DEFAULT_ORDER);
    expect(await heading(page).textContent()).toBe("Auto Summary");
    for (const [name, value] of [
      ["Summary", "Auto"],
      ["Facts Length", "Long"],
      ["Facts Presentation", "Bullet"],
      ["Tone", "Personal"],
      ["Memo language", "English"],
    ] as const) {
      const group = row(page, name);
      expect(await group.getByRole("radio", { name: value, exact: true }).isChecked()).toBe(true);
    }
    expect(await page.getByText("Reorder by dragging a node").isVisible()).toBe(true);
    expect(await page.getByText("Enable/Disable visibility with checkbox").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
  });

  it("change the preview's heading and body with each row, and never clear a choice", async () => {
    const page = await openMemoSettings();
    const steps: [string, string, string][] = [
      ["Summary", "Short", "Short Summary"],
      ["Summary", "Long", "Long Summary"],
      ["Facts Length", "Short", "Short Bullet Facts"],
      ["Facts Presentation", "Paragraph", "Short Paragraph Facts"],
      ["Tone", "Supervisor", "Supervisor Tone"],
      ["Tone", "Client", "Client Tone"],
      ["Memo language", "French", "French Summary"],
      ["Summary", "Medium", "Medium Summary"],
    ];
    let previousBody = await body(page).textContent();
    for (const [name, value, expected] of steps) {
      const option = row(page, name).getByText(value, { exact: true });
      await option.click();
      await expect.poll(() => heading(page).textContent()).toBe(expected);
      const text = await body(page).textContent();
      expect(text).not.toBe(previousBody);
      expect(text).toMatch(/\[\d+\]/);
      expect(await body(page).getAttribute("lang")).toBe(expected === "French Summary" ? "fr" : "en");
      if (expected === "French Summary") expect(text).toContain("grief");
      previousBody = text;
    }
    // Choosing the selected value again keeps it.
    await row(page, "Summary").getByText("Medium", { exact: true }).click();
    expect(await row(page, "Summary").getByRole("radio", { name: "Medium" }).isChecked()).toBe(true);
    await expect.poll(isVisible(status(page, "You have unsaved changes"))).toBe(true);
  });

  it("reorder a section by dragging it, save it, and show it again after a reload", async () => {
    const page = await openMemoSettings();
    await dragNode(page, "Summary", "Arguments");

    const reordered = [
      "Case",
      ...DEFAULT_ORDER.slice(1, 7),
      "Facts",
      "Arguments",
      "Summary",
      "Issues",
      "Rule",
      "Analysis",
      "Conclusion",
    ];
    await expect.poll(() => treeOrder(page)).toEqual(reordered);
    expect(await page.getByTestId("memo-preview-outline").locator(":scope > li").allInnerTexts()).toHaveLength(5);
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(isVisible(status(page, "Changes Saved"))).toBe(true);

    await page.reload();
    await expect.poll(() => treeOrder(page)).toEqual(reordered);
    const { options, selectedOptionId } = await readApi(page, "/api/user-options");
    const saved = options.find((set: { id: number }) => set.id === selectedOptionId);
    expect(saved.memoOrdering.map((section: { id: string }) => section.id)).toEqual([
      "case",
      "facts",
      "arguments",
      "summary",
      "issues",
    ]);
  });

  it("refuse to drag a section out of its parent", async () => {
    const page = await openMemoSettings();
    await dragNode(page, "Court", "Facts");
    const node = (name: string) =>
      page.locator('.memo-tree [role="treeitem"]').filter({ has: page.locator(".memo-tree-name", { hasText: name }) });
    expect(await treeOrder(page)).toEqual(DEFAULT_ORDER);
    expect(await page.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    // Rule, Analysis and Conclusion are not draggable at all, and have no move buttons.
    expect(await node("Rule").getAttribute("draggable")).not.toBe("true");
    expect(await page.getByRole("button", { name: "Move Rule up" }).count()).toBe(0);
  });

  it("expand a collapsed section hovered for 800 ms during a drag", async () => {
    const page = await openPage();
    await signUpInContext(page.context());
    // The page's own timers on a clock the test moves: no waiting, and an exact 800 ms.
    await page.clock.install();
    await page.goto("/profile/PrecisSettings");
    await expect.poll(() => treeOrder(page)).toHaveLength(14);
    const caseNode = page.locator('.memo-tree [role="treeitem"]').filter({ hasText: "Case" }).first();
    await caseNode.locator(".ant-tree-switcher").click();
    await expect.poll(() => treeOrder(page)).toHaveLength(8);
    expect(await caseNode.getAttribute("aria-expanded")).toBe("false");

    await page.locator(".memo-tree").evaluate((tree) => tree.scrollIntoView({ block: "center" }));
    const summary = await page.locator(".memo-tree-name", { hasText: "Summary" }).boundingBox();
    const target = await caseNode.locator(".memo-tree-name").boundingBox();
    if (!summary || !target) throw new Error("tree nodes not laid out");
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.mouse.move(summary.x + 10, summary.y + summary.height / 2);
    await page.mouse.down();
    await page.mouse.move(summary.x + 12, summary.y + summary.height / 2 - 4, { steps: 3 });
    await page.mouse.move(target.x + 12, target.y + target.height - 4, { steps: 6 });
    await page.clock.runFor(790);
    expect(await caseNode.getAttribute("aria-expanded")).toBe("false");
    await page.clock.runFor(20);
    await expect.poll(() => caseNode.getAttribute("aria-expanded")).toBe("true");
    await page.mouse.up();
    await page.clock.resume();
    await expect.poll(() => treeOrder(page)).toHaveLength(14);
  });

  it("move a section with the keyboard, announce it, and keep focus on it", async () => {
    const page = await openMemoSettings();
    await page.getByRole("button", { name: "Move Facts up" }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => treeOrder(page))
      .toEqual([...DEFAULT_ORDER.slice(0, 7), "Facts", "Summary", ...DEFAULT_ORDER.slice(9)]);
    await expect
      .poll(() => page.locator(".memo-tree [aria-live]").textContent())
      .toBe("Facts moved to position 2 of 5.");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Move Facts up");
    await page.keyboard.press("Space");
    await expect
      .poll(() => treeOrder(page))
      .toEqual(["Facts", ...DEFAULT_ORDER.slice(0, 7), "Summary", ...DEFAULT_ORDER.slice(9)]);
    // At the top, focus moves to the button that still works.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Move Facts down");

    // A sub-section moves among its siblings only.
    await page.getByRole("button", { name: "Move Citation down" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await treeOrder(page)).slice(1, 4)).toEqual(["Case", "Plaintiff", "Citation"]);
    expect(await page.getByRole("button", { name: "Save" }).isDisabled()).toBe(false);
  });

  it("Cancel restores the saved values and the Summary preview", async () => {
    const page = await openMemoSettings();
    await row(page, "Tone").getByText("Client", { exact: true }).click();
    await expect.poll(() => heading(page).textContent()).toBe("Client Tone");
    await page.getByRole("button", { name: "Move Issues up" }).click();
    const judges = page.locator('.memo-tree [role="treeitem"]').filter({ hasText: "Judges" }).getByRole("checkbox");
    await judges.click();
    expect(await judges.getAttribute("aria-checked")).toBe("false");
    expect(await page.getByTestId("memo-preview-outline").textContent()).not.toContain("Judges");

    await page.getByRole("button", { name: "Cancel" }).click();
    expect(await heading(page).textContent()).toBe("Auto Summary");
    expect(await treeOrder(page)).toEqual(DEFAULT_ORDER);
    expect(await judges.getAttribute("aria-checked")).toBe("true");
    expect(
      await page
        .getByRole("radiogroup", { name: "Tone", exact: true })
        .getByRole("radio", { name: "Personal" })
        .isChecked(),
    ).toBe(true);
    expect(await status(page, "You have unsaved changes").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
  });

  it("Cancel after a save returns to what was just saved, not to what the page opened with", async () => {
    const page = await openMemoSettings();
    await row(page, "Tone").getByText("Client", { exact: true }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(isVisible(status(page, "Changes Saved"))).toBe(true);

    await row(page, "Tone").getByText("Personal", { exact: true }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    const tone = page.getByRole("radiogroup", { name: "Tone", exact: true });
    expect(await tone.getByRole("radio", { name: "Client" }).isChecked()).toBe(true);
    expect(await page.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
  });

  it("say so when loading or saving fails, and keep the edits", async () => {
    const page = await openPage();
    await signUpInContext(page.context());
    await page.route("**/api/user-options", (route) =>
      route.request().method() === "GET" ? route.abort("connectionreset") : route.continue(),
    );
    await page.goto("/profile/PrecisSettings");
    const loadFailed = page.getByRole("alert").filter({ hasText: "Error: failed to load. Please reload the page." });
    await expect.poll(isVisible(loadFailed)).toBe(true);
    await page.unroute("**/api/user-options");

    await page.reload();
    await expect.poll(() => treeOrder(page)).toHaveLength(14);
    await page.route("**/api/user-options", (route) =>
      route.request().method() === "PUT" ? route.fulfill({ status: 500, body: "" }) : route.continue(),
    );
    await row(page, "Tone").getByText("Supervisor", { exact: true }).click();
    await page.getByRole("button", { name: "Save" }).click();
    const saveFailed = page.getByRole("alert").filter({ hasText: "Error: failed to save changes. Please try again" });
    await expect.poll(isVisible(saveFailed)).toBe(true);
    expect(await heading(page).textContent()).toBe("Supervisor Tone");
    expect(await status(page, "You have unsaved changes").isVisible()).toBe(true);
    // Across the controls' column, above the buttons: not squeezed into a column beside them.
    const alertBox = await saveFailed.boundingBox();
    const columnBox = await page.locator(".memo-settings-controls").boundingBox();
    const saveBox = await page.getByRole("button", { name: "Save" }).boundingBox();
    if (!alertBox || !columnBox || !saveBox) throw new Error("the alert, the column or Save is not laid out");
    expect(Math.round(alertBox.width)).toBe(Math.round(columnBox.width));
    expect(alertBox.y + alertBox.height).toBeLessThanOrEqual(saveBox.y);
  });

  it("offer Try again when the options do not load, busy while it asks again", async () => {
    const page = await openPage();
    await signUpInContext(page.context());
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Every read fails until Try again is pressed (the tab asks again as it mounts); the one after it waits.
    let isFailing = true;
    await page.route("**/api/user-options", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      if (isFailing) return route.abort("connectionreset");
      await held;
      return route.continue();
    });
    await page.goto("/profile/PrecisSettings");
    const loadFailed = page.getByRole("alert").filter({ hasText: "Error: failed to load. Please reload the page." });
    await expect.poll(isVisible(loadFailed)).toBe(true);
    // The tab still says what it is, rather than leaving the alert alone on the page.
    expect(await page.getByRole("heading", { name: "Extension Settings" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    const tryAgain = page.getByRole("button", { name: "Try again" });
    isFailing = false;
    await tryAgain.click();
    await expect.poll(() => tryAgain.getAttribute("aria-busy", { timeout: 1_000 })).toBe("true");
    release();
    await expect.poll(() => treeOrder(page)).toHaveLength(14);
    expect(await loadFailed.count()).toBe(0);
  });

  it("keep each row of choices on one line beside its label, in French at 1280 px", async () => {
    const page = await openMemoSettings({ language: "fr" });
    for (const name of ["Résumé", "Longueur des faits", "Présentation des faits", "Ton", "Langue du mémo"]) {
      const group = row(page, name);
      // Counted in lines, not pixels, so a font or a rounding of this machine's cannot move the answer: the rows
      // each button starts on (its offsetTop among its siblings'), and the lines each button's text runs over (an
      // inline box has one rectangle per line).
      const labels = await group.locator("label").evaluateAll((elements) =>
        elements.map((label) => ({
          row: (label as HTMLElement).offsetTop,
          textLines: label.lastElementChild?.getClientRects().length,
        })),
      );
      expect(labels.length, name).toBeGreaterThan(1);
      // One line of buttons (none wrapped below the others), each button one line of text.
      expect(new Set(labels.map((label) => label.row)).size, name).toBe(1);
      for (const label of labels) expect(label.textLines, name).toBe(1);
      // Its label on the left, as product §2 has it.
      const labelRight = await group.evaluate((element) => {
        const label = element.closest(".memo-option-row")?.querySelector(".memo-option-label");
        return label ? label.getBoundingClientRect().right : Number.NaN;
      });
      const groupBox = await group.boundingBox();
      expect(labelRight, name).toBeLessThan(groupBox?.x ?? Number.NaN);
    }
  });
});

describe("accessibility", () => {
  for (const [language, names] of [
    ["en", { site: "Language", memo: "Memo language", label: "Language" }],
    ["fr", { site: "Langue", memo: "Langue du mémo", label: "Langue" }],
  ] as const) {
    it(`names the memo's language apart from the site's, and no two radio groups alike, in ${language}`, async () => {
      const page = await openMemoSettings({ language });
      const groups = page.getByRole("radiogroup");
      const groupNames = await groups.evaluateAll((elements) =>
        elements.map((element) => {
          const labelledBy = element.getAttribute("aria-labelledby");
          const label = labelledBy
            ? document.getElementById(labelledBy)?.textContent
            : element.getAttribute("aria-label");
          return (label ?? "").trim();
        }),
      );
      expect(groupNames).toContain(names.site);
      expect(groupNames).toContain(names.memo);
      expect(new Set(groupNames).size).toBe(groupNames.length);
      expect(await page.getByRole("radiogroup", { name: names.memo, exact: true }).count()).toBe(1);
      expect(await page.getByRole("radiogroup", { name: names.site, exact: true }).count()).toBe(1);
      // SPEC's visible label stays, and the name holds it (WCAG 2.5.3).
      expect(await page.locator(".memo-option-label").last().textContent()).toBe(names.label);
      expect(names.memo.toLowerCase()).toContain(names.label.toLowerCase());
      await expectNoAxeViolations(page);
    });
  }

  for (const language of ["en", "fr"] as const) {
    it(`has no axe violations on either tab in ${language}`, async () => {
      const page = await openProfile("/profile/UserSettings", { language });
      await expect.poll(isVisible(page.locator("#user-settings-heading"))).toBe(true);
      await page.locator(".profile-topic-columns").getByRole("checkbox").first().check();
      await expectNoAxeViolations(page);
      await page.goto("/profile/PrecisSettings");
      await expect.poll(() => treeOrder(page)).toHaveLength(14);
      await page.locator(".memo-option-row").nth(3).locator("label").nth(2).click();
      await expectNoAxeViolations(page);
    });
  }

  it("fits a phone screen without sideways scrolling", async () => {
    const page = await openProfile("/profile/PrecisSettings", { width: 390 });
    await expect.poll(() => treeOrder(page)).toHaveLength(14);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("tab", { name: "User settings" }).click();
    await expect.poll(isVisible(page.locator("#user-settings-heading"))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe("the Security and Privacy tabs", () => {
  it("say so in the tab alone when the tab's code fails to load, the other tabs usable", async () => {
    const page = await openPage();
    await signUpInContext(page.context(), {});
    await page.route("**/assets/privacy-tab-*.js", (route) => route.abort());
    await page.goto("/profile/Privacy");
    const tabError = page.getByRole("alert").filter({ hasText: "This tab could not be loaded" });
    await expect.poll(isVisible(tabError)).toBe(true);
    expect(await tabError.innerText()).toContain("Check your connection, then reload the page to try again.");
    // The page and its tabs stay: not the route's "Something went wrong" in their place.
    expect(await page.getByRole("heading", { level: 1, name: "Profile" }).isVisible()).toBe(true);
    expect(await page.getByText("Something went wrong").count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByRole("tab", { name: "User settings" }).click();
    await expect.poll(isVisible(page.getByLabel("First Name"))).toBe(true);

    // The connection is back: the tab's reload brings the tab.
    await page.unroute("**/assets/privacy-tab-*.js");
    await page.getByRole("tab", { name: "Privacy" }).click();
    await page.getByRole("button", { name: "Reload the page" }).click();
    await expect.poll(isVisible(page.getByRole("button", { name: "Download my data" }))).toBe(true);
    expect(await tabError.count()).toBe(0);
  });
});
