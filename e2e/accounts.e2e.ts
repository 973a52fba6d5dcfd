import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { registerThroughApi, TEST_PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations, type Language, pathOf, useBrowser } from "./support/browser.ts";
import { waitForMail } from "./support/mailbox.ts";

const { openPage, baseUrl } = useBrowser();

async function chooseOccupation(page: Page, label: string) {
  await page.getByRole("combobox", { name: "Occupation" }).selectOption({ label });
}

async function fillRegistration(page: Page, details: { email: string; firstName: string; occupation: string }) {
  await page.getByLabel("Email", { exact: true }).fill(details.email);
  await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel("First Name").fill(details.firstName);
  await chooseOccupation(page, details.occupation);
  await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
}

describe("registration", () => {
  it("registers a law student, shows the success screen, then goes to the case-law site", async () => {
    const page = await openPage();
    await page.goto("/register");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "User Registration" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    const email = uniqueEmail("student");
    await fillRegistration(page, { email, firstName: "aMÉLIE", occupation: "Law student" });
    await page.getByRole("button", { name: "Register" }).click();

    await expect.poll(() => page.getByRole("heading", { name: "Successful User Registration" }).isVisible()).toBe(true);
    expect(await page.getByText("Hello Amélie,").isVisible()).toBe(true);
    expect(await page.getByText(`An email has been sent to ${email} with the next steps.`).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "click here" }).getAttribute("href")).toBe(`${baseUrl}/case-law-site/`);
    await expectNoAxeViolations(page);
    await page.waitForURL(`${baseUrl}/case-law-site/`, { timeout: 15_000 });
    await waitForMail(email, /^Welcome to Precis$/);
  });

  it("registers a lawyer from the welcome variant and sends them to the subscription page", async () => {
    const page = await openPage();
    await page.goto("/welcome");
    await expect.poll(() => page.getByRole("heading", { name: "Key features" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await fillRegistration(page, { email: uniqueEmail("lawyer"), firstName: "Marc", occupation: "Lawyer" });
    await page.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Successful User Registration" }).isVisible()).toBe(true);
    await page.waitForURL(`${baseUrl}/subscription`, { timeout: 15_000 });
  });

  it.each([
    ["en", 1280, "You haven't agreed to our terms and conditions", "Register"],
    ["fr", 390, "Vous n’avez pas accepté nos conditions d’utilisation", "S’inscrire"],
  ] as const)(
    "keeps the terms error clear of the submit button (%s, %i px)",
    async (language, width, error, submit) => {
      const page = await openPage({ language, width });
      await page.goto("/register");
      const button = page.getByRole("button", { name: submit });
      await expect.poll(() => button.isVisible()).toBe(true);
      await button.click();
      const message = page.getByText(error);
      await expect.poll(() => message.isVisible()).toBe(true);
      // Once antd's help has finished appearing: the same space under it as under any field's error.
      await expect
        .poll(async () => {
          const [text, target] = await Promise.all([message.boundingBox(), button.boundingBox()]);
          return text && target ? Math.round(target.y - (text.y + text.height)) : Number.NaN;
        })
        .toBeGreaterThanOrEqual(16);
      await expectNoAxeViolations(page);
    },
  );

  it("says why a registration fails: terms, taken email, weak password", async () => {
    const page = await openPage();
    const { email: takenEmail } = await registerThroughApi(baseUrl);
    await page.goto("/register");
    await expect.poll(() => page.getByRole("button", { name: "Register" }).isVisible()).toBe(true);
    await page.getByLabel("Email", { exact: true }).fill(takenEmail);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Register" }).click();
    await expect.poll(() => page.getByText("You haven't agreed to our terms and conditions").isVisible()).toBe(true);

    await page.getByRole("checkbox", { name: "I agree to the terms and conditions" }).check();
    await page.getByRole("button", { name: "Register" }).click();
    await expect
      .poll(() =>
        page.getByRole("alert").filter({ hasText: "Email already exists. Please try logging in." }).isVisible(),
      )
      .toBe(true);

    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("weak"));
    await page.getByLabel("Password", { exact: true }).fill("Password1");
    await page.getByRole("button", { name: "Register" }).click();
    await expect
      .poll(() =>
        page
          .getByRole("alert")
          .filter({ hasText: "This password is too common. Please choose a different one." })
          .isVisible(),
      )
      .toBe(true);
    await expectNoAxeViolations(page);
  });
  it.each([
    ["en", 390, "Register", "Email already exists. Please try logging in."],
    ["en", 1280, "Register", "Email already exists. Please try logging in."],
    ["fr", 390, "S’inscrire", "Ce courriel est déjà utilisé. Essayez plutôt de vous connecter."],
  ] as const)(
    "puts the server's refusal where the eye is: in view and focused (%s, %i px)",
    async (language, width, button, refusal) => {
      const page = await openPage({ language, width });
      const { email: takenEmail } = await registerThroughApi(baseUrl);
      await page.goto("/register");
      await expect.poll(() => page.getByRole("button", { name: button }).isVisible()).toBe(true);
      await page.locator("input[type=email]").fill(takenEmail);
      await page.locator("input[type=password]").fill(TEST_PASSWORD);
      await page.locator("input[type=checkbox]").check();
      await page.getByRole("button", { name: button }).click();
      const alert = page.getByRole("alert").filter({ hasText: refusal });
      await expect.poll(() => alert.isVisible()).toBe(true);
      // Inside the viewport, wholly: not 415 px above a phone's screen.
      const box = await alert.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom, viewport: window.innerHeight };
      });
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(box.viewport);
      // On a phone it had to be brought into view, and the keyboard's place came with it; on a desktop it was in
      // view beside the button, and the focus stays there.
      const isFocused = await alert.evaluate((element) => element === document.activeElement);
      expect(isFocused).toBe(width === 390);
      await expectNoAxeViolations(page);
    },
  );
});

/** Once the page's finite animations have ended: antd's tooltip zooms in from its arrow, its box growing meanwhile. */
async function waitForAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** The boxes of a form's field labels that `box` overlaps, by their text. */
async function labelsUnder(page: Page, box: { x: number; y: number; width: number; height: number }) {
  return page.locator("form label").evaluateAll(
    (labels, area) =>
      labels
        .filter((label) => {
          const rect = label.getBoundingClientRect();
          return (
            rect.width > 0 &&
            rect.left < area.x + area.width &&
            rect.right > area.x &&
            rect.top < area.y + area.height &&
            rect.bottom > area.y
          );
        })
        .map((label) => label.textContent),
    box,
  );
}

describe("password requirements", () => {
  for (const path of ["/register", "/login/reset-password"]) {
    it(`open beside the form on a wide screen, over no label (${path})`, async () => {
      const page = await openPage({ width: 1280 });
      await page.goto(path);
      const help = page.getByRole("button", { name: "Password requirements" });
      await help.hover();
      const tooltip = page.getByRole("tooltip").filter({ hasText: "At least one upper-case letter" });
      await expect.poll(() => tooltip.isVisible()).toBe(true);
      await waitForAnimations(page);
      const box = await tooltip.boundingBox();
      if (!box) throw new Error("the tooltip is not laid out");
      expect(await labelsUnder(page, box)).toEqual([]);
      // Beside the form, on the page's background.
      const card = await page.getByRole("main").getByRole("region").first().boundingBox();
      expect(box.x + box.width).toBeLessThanOrEqual((card?.x ?? 0) + 32);
      await page.mouse.move(0, 0);
      await help.focus();
      await expect.poll(() => tooltip.isVisible()).toBe(true);
    });
  }

  for (const [path, width] of [
    ["/register", 390],
    ["/welcome", 1280],
  ] as const) {
    it(`show below the field on ${path} at ${width} px, pushing the fields down rather than covering them`, async () => {
      const page = await openPage({ width });
      await page.goto(path);
      const help = page.getByRole("button", { name: "Password requirements" });
      const firstName = page.getByText(/^First Name/);
      const labelBefore = await firstName.boundingBox();
      expect(await help.getAttribute("aria-expanded")).toBe("false");
      await help.click();
      expect(await help.getAttribute("aria-expanded")).toBe("true");
      const list = page.locator(`[id="${await help.getAttribute("aria-controls")}"]`);
      await expect.poll(() => list.getByText("At least one digit").isVisible()).toBe(true);
      const box = await list.boundingBox();
      if (!box) throw new Error("the requirements are not laid out");
      expect(await labelsUnder(page, box)).toEqual([]);
      expect((await firstName.boundingBox())?.y).toBeGreaterThan(labelBefore?.y ?? 0);
      await expectNoAxeViolations(page);
      await help.click();
      await expect.poll(() => list.getByText("At least one digit").isVisible()).toBe(false);
    });
  }

  it("are read with the password field, whether shown or not", async () => {
    const page = await openPage({ width: 390 });
    await page.goto("/register");
    const password = page.getByLabel("Password", { exact: true });
    const description = () =>
      password.evaluate((input) =>
        (input.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      );
    expect(await description()).toContain("At least one upper-case letter");
    await page.getByRole("button", { name: "Password requirements" }).click();
    expect(await description()).toContain("At least one upper-case letter");
  });
});

describe("login", () => {
  it("shows SPEC's error for a bad password and an unknown user, then logs in", async () => {
    const page = await openPage();
    const { email } = await registerThroughApi(baseUrl);
    await page.goto("/login");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "User Login" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    const attempt = async (user: string, password: string) => {
      await page.getByLabel("Email", { exact: true }).fill(user);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Login", exact: true }).click();
    };
    await attempt(email, "Wrong-password1");
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "Bad Password. Please try again" }).isVisible())
      .toBe(true);
    await attempt(uniqueEmail("ghost"), TEST_PASSWORD);
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "User Not Found" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await attempt(email, TEST_PASSWORD);
    await expect.poll(() => pathOf(page)).toBe("/");
    await expect.poll(() => page.getByText("Your session is active.").isVisible()).toBe(true);
  });

  const loginWording = {
    en: { title: "User Login", intro: "Login to use Precis on", submit: "Login", other: /\blog in\b/i },
    // French has one verb for it; neither English word leaks in.
    fr: {
      title: "Connexion",
      intro: "Connectez-vous pour utiliser Precis",
      submit: "Se connecter",
      other: /\blog ?in\b/i,
    },
  } satisfies Record<Language, unknown>;
  for (const language of ["en", "fr"] as const) {
    for (const width of [1280, 390]) {
      it(`says one word for logging in on the login page, SPEC's Login in English (${language}, ${width} px)`, async () => {
        const words = loginWording[language];
        const page = await openPage({ language, width });
        await page.goto("/login");
        await expect.poll(() => page.getByRole("heading", { level: 1, name: words.title }).isVisible()).toBe(true);
        const text = await page.locator("body").innerText();
        expect(text).toContain(words.intro);
        expect(await page.getByRole("button", { name: words.submit, exact: true }).isVisible()).toBe(true);
        expect(text).not.toMatch(words.other);
        await expectNoAxeViolations(page);
      });
    }
  }

  for (const language of ["en", "fr"] as const) {
    for (const width of [1280, 390]) {
      it(`leaves space between a field's error and the next field's label (${language}, ${width} px)`, async () => {
        const page = await openPage({ language, width });
        await page.goto("/register");
        await page.getByRole("button", { name: language === "en" ? "Register" : "S’inscrire" }).click();
        const errors = page.locator(".ant-form-item-explain-error");
        await expect.poll(() => errors.count()).toBeGreaterThan(1);
        // Each error's last line, then the label of the field right below it in the same column (on a wide
        // screen some fields sit side by side): a clear gap, whatever the error's length.
        const gaps = await page.locator("form").evaluate((form) => {
          const labels = [...form.querySelectorAll(".ant-form-item-label label")].map((label) =>
            label.getBoundingClientRect(),
          );
          // The error text's own box (its last line), not its holder's, whose padding is the space measured.
          return [...form.querySelectorAll(".ant-form-item-explain-error:last-child")].flatMap((error) => {
            const box = error.getBoundingClientRect();
            const below = labels
              .filter((label) => Math.abs(label.left - box.left) < 2 && label.top > box.top)
              .map((label) => label.top - box.bottom);
            return below.length > 0 ? [Math.min(...below)] : [];
          });
        });
        expect(gaps.length).toBeGreaterThan(0);
        for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(8);
        await expectNoAxeViolations(page);
      });
    }
  }

  it("arrives as HTML in the visitor's language, its form disabled until the app has started", async () => {
    // With JavaScript, the note for visitors without it never shows.
    const withScripts = await openPage({ language: "fr" });
    await withScripts.goto("/login");
    expect(await withScripts.locator(".auth-noscript").count()).toBe(0);

    // Without JavaScript the page stays as the server sent it, as it is before the app starts.
    const page = await openPage({ language: "fr", javaScript: false });
    await page.goto("/login");
    expect(await page.getByRole("heading", { level: 1, name: "Connexion" }).isVisible()).toBe(true);
    // Without JavaScript the form never starts: the page says why.
    const noScriptNotice = page.locator(".auth-noscript");
    expect(await noScriptNotice.isVisible()).toBe(true);
    expect(await noScriptNotice.textContent()).toContain("nécessitent JavaScript");
    for (const field of ["Courriel", "Mot de passe"]) {
      expect(await page.getByLabel(field, { exact: true }).isDisabled()).toBe(true);
    }
    // Neither a click nor Enter can submit it natively, and a native submit would be a POST.
    expect(await page.getByRole("button", { name: "Se connecter" }).isDisabled()).toBe(true);
    expect(await page.locator("form#login").getAttribute("method")).toBe("post");

    const registration = await openPage({ javaScript: false });
    await registration.goto("/register");
    expect(await registration.getByRole("heading", { level: 1, name: "User Registration" }).isVisible()).toBe(true);
    expect(await registration.getByLabel("Email", { exact: true }).isDisabled()).toBe(true);
    expect(await registration.getByRole("button", { name: "Register" }).isDisabled()).toBe(true);
  });

  it("speaks antd's own texts in the page's language, from the first load and after a switch", async () => {
    // The password field's eye button takes its name from antd's locale, which French visitors load
    // with their catalogues (i18n/antd-locale.ts): English visitors never download it.
    const french = await openPage({ language: "fr" });
    await french.goto("/login");
    // The server's HTML already says "Afficher"; the label after a click is the browser's own.
    await french.getByRole("button", { name: "Afficher" }).click();
    expect(await french.getByRole("button", { name: "Masquer" }).isVisible()).toBe(true);

    const page = await openPage();
    await page.goto("/login");
    expect(await page.getByRole("button", { name: "Show" }).isVisible()).toBe(true);
    await page.getByRole("radiogroup", { name: "Language" }).locator("label", { hasText: "FR" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Connexion" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Afficher" }).isVisible()).toBe(true);
  });

  it("sends a visitor from the case-law site to the logged-in landing", async () => {
    const page = await openPage();
    const { email } = await registerThroughApi(baseUrl);
    await page.goto("/login?ref=canlii");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe("/greet");
    await expect.poll(() => page.getByRole("heading", { name: "Redirecting to CanLII" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await page.waitForURL(`${baseUrl}/case-law-site/`, { timeout: 15_000 });
  });
});

describe("forgotten password", () => {
  it("emails a code, resets the password with it, and logs in with the new one", async () => {
    const page = await openPage();
    const { email } = await registerThroughApi(baseUrl);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password" }).click();
    await expect.poll(() => pathOf(page)).toBe("/login/find-user");
    await expectNoAxeViolations(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Reset Password" }).click();

    await expect.poll(() => pathOf(page)).toBe("/login/reset-password");
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
    // The same checkbox as the registration's terms, drawn alike.
    const showBoth = page.getByRole("checkbox", { name: "Show both Passwords" });
    await showBoth.check();
    await expect.poll(() => page.getByLabel("New Password").getAttribute("type")).toBe("text");
    expect(await page.getByLabel("Confirm Password").getAttribute("type")).toBe("text");
    await showBoth.uncheck();
    await expect.poll(() => page.getByLabel("New Password").getAttribute("type")).toBe("password");
    const mail = await waitForMail(email, /security code/);
    const code = /^([A-HJ-NP-Z2-9]{8})$/m.exec(mail.text)?.[1] ?? "";
    expect(code).toHaveLength(8);
    await expectNoAxeViolations(page);

    await page.getByLabel("New Password").fill("Nouveau2025pass");
    await page.getByLabel("Confirm Password").fill("Nouveau2025pasz");
    await page.getByLabel("Security Code").fill(code);
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect.poll(() => page.getByText("Passwords not matched").isVisible()).toBe(true);

    await page.getByLabel("Confirm Password").fill("Nouveau2025pass");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect.poll(() => pathOf(page)).toBe("/login");
    await expect
      .poll(() => page.getByText("Your Password has been reset successfully. Please login now").isVisible())
      .toBe(true);
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
    await page.getByLabel("Password", { exact: true }).fill("Nouveau2025pass");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect.poll(() => pathOf(page)).toBe("/");
  });

  it("says when the email is unknown", async () => {
    const page = await openPage();
    await page.goto("/login/find-user");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "User not found. Please try again" }).isVisible())
      .toBe(true);
  });
});

describe("checkboxes", () => {
  it("look the same on the reset and registration pages", async () => {
    const looks = (locator: ReturnType<Page["getByRole"]>) =>
      locator.evaluate((input) => {
        const style = getComputedStyle(input);
        const label = input.closest("label");
        return {
          className: label?.className,
          width: style.width,
          height: style.height,
          opacity: style.opacity,
          accentColor: style.accentColor,
          labelGap: label ? getComputedStyle(label).gap : null,
        };
      });
    const page = await openPage();
    await page.goto("/register");
    const terms = await looks(page.getByRole("checkbox", { name: "I agree to the terms and conditions" }));
    await page.goto("/login/reset-password");
    const showBoth = await looks(page.getByRole("checkbox", { name: "Show both Passwords" }));
    expect(showBoth).toEqual(terms);
    expect(terms.opacity).toBe("1");
  });
});

describe("account screens in French", () => {
  for (const path of ["/login", "/register", "/welcome", "/login/find-user", "/login/reset-password?email=a%40b.ca"]) {
    it(`has no axe violations on ${path}`, async () => {
      const page = await openPage({ language: "fr" as Language });
      await page.goto(path);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).isVisible()).toBe(true);
      expect(await page.locator("html").getAttribute("lang")).toBe("fr");
      await expectNoAxeViolations(page);
    });
  }
});
