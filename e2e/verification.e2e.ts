import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { readVerificationMail, registerThroughApi, signUpInContext, uniqueEmail } from "./support/accounts.ts";
import { expectNoAxeViolations, isVisible, type Language, pathOf, useBrowser } from "./support/browser.ts";

const { openPage, baseUrl } = useBrowser();

/** A students' mail domain of a university on the server's default academic list. */
const SCHOOL_DOMAIN = "mail.utoronto.ca";

/** The profile as the page itself reads it (its cookie and access key). */
async function getProfile(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch("/api/user-details", {
      headers: { "x-access-key": localStorage.getItem("precis.accessKey") ?? "", "x-requested-with": "XMLHttpRequest" },
    });
    return (await response.json()).userProfile as { email: string; emailVerified: boolean } | null;
  });
}

/** Waits for a verification email newer than the one that carried `previousCode`, and returns its code. */
async function readNewCode(email: string, previousCode: string) {
  let code = previousCode;
  await expect
    .poll(async () => {
      code = (await readVerificationMail(email)).code;
      return code;
    })
    .not.toBe(previousCode);
  return code;
}

const texts = {
  en: {
    banner: "Email verification",
    bannerTitle: (email: string) => `Please verify your email address. We sent a code to ${email}.`,
    enterCode: "Enter code",
    trialWaits: "Verify your email address to start your 30-day free trial.",
    linkVerified: "Your email address is verified.",
    linkFailed: "Your email address could not be verified",
    logIn: "Log in",
    student: "Student access (2 free years) needs a verified school email address.",
    verifyPage: "Verify your email address",
    school: "Student access: verify your school address",
  },
  fr: {
    banner: "Vérification du courriel",
    bannerTitle: (email: string) => `Veuillez vérifier votre adresse courriel. Nous avons envoyé un code à ${email}.`,
    enterCode: "Entrer le code",
    trialWaits: "Vérifiez votre adresse courriel pour commencer votre essai gratuit de 30 jours.",
    linkVerified: "Votre adresse courriel est vérifiée.",
    linkFailed: "Votre adresse courriel n’a pas pu être vérifiée",
    logIn: "Se connecter",
    student: "L’accès étudiant (2 années gratuites) exige une adresse courriel scolaire vérifiée.",
    verifyPage: "Vérifier votre adresse courriel",
    school: "Accès étudiant\u00a0: vérifiez votre adresse scolaire",
  },
} satisfies Record<Language, unknown>;

describe("the verification banner", () => {
  it("asks an unverified account for its code on every page, and the code entered in its dialog hides it", async () => {
    const page = await openPage();
    const { email } = await signUpInContext(page.context(), { firstName: "Marie" }, { verified: false });
    const { code: firstCode } = await readVerificationMail(email);
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Email verification" });
    await expect.poll(isVisible(banner)).toBe(true);
    expect(await banner.getByText(texts.en.bannerTitle(email)).isVisible()).toBe(true);
    // Home says why the trial has not started, and where to enter the code (once the entitlement, read apart from
    // the profile that draws the banner, has arrived).
    await expect.poll(isVisible(page.getByText(texts.en.trialWaits))).toBe(true);
    expect(await page.getByRole("main").getByRole("link", { name: "Enter code" }).getAttribute("href")).toBe(
      "/verify-email",
    );
    await expectNoAxeViolations(page);

    // Every signed-in page has it: the subscription page too, which also says the trial waits.
    await page.goto("/subscription");
    await expect.poll(isVisible(page.getByText(texts.en.trialWaits))).toBe(true);
    await expect.poll(isVisible(banner)).toBe(true);

    // Resend: busy while it runs, then says where the new code went (the first one is void now).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/verify-email/resend", async (route) => {
      await held;
      await route.continue();
    });
    const resend = banner.getByRole("button", { name: "Resend" });
    await resend.click();
    await expect.poll(() => resend.getAttribute("aria-busy")).toBe("true");
    expect(await resend.getAttribute("aria-disabled")).toBe("true");
    release();
    await expect
      .poll(isVisible(banner.getByRole("status").filter({ hasText: `A new code was sent to ${email}.` })))
      .toBe(true);
    expect(await resend.getAttribute("aria-busy")).toBe("false");
    const code = await readNewCode(email, firstCode);

    // The dialog: a labelled field, focused; a wrong code is refused and the field takes focus again.
    await banner.getByRole("button", { name: "Enter code" }).click();
    const dialog = page.getByRole("dialog", { name: "Enter your verification code" });
    await expect.poll(isVisible(dialog)).toBe(true);
    const field = dialog.getByLabel("Verification code");
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Verify" }).click();
    await expect.poll(isVisible(dialog.getByText("Please enter the code from the email."))).toBe(true);
    await field.fill(firstCode);
    await dialog.getByRole("button", { name: "Verify" }).click();
    await expect
      .poll(
        isVisible(
          dialog.getByRole("alert").filter({ hasText: "This code is wrong, has expired or was used already." }),
        ),
      )
      .toBe(true);
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);

    // Typed in lower case, with a stray space: still the code.
    await field.fill(` ${code.toLowerCase()}`);
    await dialog.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const verified = page.getByRole("status").filter({ hasText: "Your email address is verified." });
    await expect.poll(isVisible(verified)).toBe(true);
    expect(await banner.count()).toBe(0);
    // The access follows at once: the trial has started.
    await expect.poll(isVisible(page.getByText(/^You are on the 30-day free trial, until /))).toBe(true);
    expect(await page.getByText(texts.en.trialWaits).count()).toBe(0);
    expect((await getProfile(page))?.emailVerified).toBe(true);
    await expectNoAxeViolations(page);

    // Gone from every page after that.
    await page.goto("/");
    await expect.poll(isVisible(page.getByRole("heading", { level: 1, name: "Welcome, Marie!" }))).toBe(true);
    expect(await banner.count()).toBe(0);
    expect(await page.getByText(texts.en.trialWaits).count()).toBe(0);
  });

  it("is accessible in French, dialog included", async () => {
    const page = await openPage({ language: "fr" });
    const { email } = await signUpInContext(page.context(), {}, { verified: false });
    await page.goto("/");
    const banner = page.getByRole("region", { name: texts.fr.banner });
    await expect.poll(isVisible(banner)).toBe(true);
    expect(await banner.getByText(texts.fr.bannerTitle(email)).isVisible()).toBe(true);
    expect(await page.getByText(texts.fr.trialWaits).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await banner.getByRole("button", { name: texts.fr.enterCode }).click();
    const dialog = page.getByRole("dialog", { name: "Entrez votre code de vérification" });
    await expect.poll(isVisible(dialog.getByLabel("Code de vérification"))).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await banner.isVisible()).toBe(true);
  });

  it("comes with the page and its access notice, so neither moves what a reader sees in the page", async () => {
    const page = await openPage();
    await signUpInContext(page.context(), {}, { verified: false });
    // Every layout shift the browser counts inside the page's own container (the banner, were it late, would
    // move the container as a whole; home's notice or the subscription page's summary would move what is in it).
    await page.addInitScript({
      content: `window.pageShifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const container = document.querySelector(".page-container");
            const inPage = (entry.sources || []).some((source) => source.node && source.node !== container && container && container.contains(source.node));
            if (inPage && !entry.hadRecentInput) window.pageShifts.push(entry.value);
          }
        }).observe({ type: "layout-shift", buffered: true });`,
    });
    // The answers the page waits for come only once the page is on screen, as on a slow network: what they
    // add must then take the place of a loading state, not push the page's content down.
    const holdUntilPageShown = (pattern: string) =>
      page.route(pattern, async (route) => {
        await page.waitForSelector(".page-container");
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        await route.continue();
      });
    await holdUntilPageShown("**/api/entitlement");
    await holdUntilPageShown("**/api/pricing-session");
    for (const [path, lastToArrive] of [
      ["/", page.getByRole("main").getByRole("link", { name: "Documentation", exact: true })],
      ["/subscription", page.getByRole("heading", { name: "Features" })],
    ] as const) {
      await page.goto(path);
      await expect.poll(isVisible(page.getByText(texts.en.trialWaits))).toBe(true);
      await expect.poll(isVisible(lastToArrive)).toBe(true);
      // Two frames later, any shift of the last commit has been reported.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.evaluate(() => (window as unknown as { pageShifts: number[] }).pageShifts)).toEqual([]);
    }
  });

  it("is not shown to a verified account", async () => {
    const page = await openPage();
    await signUpInContext(page.context(), { firstName: "Marie" });
    await page.goto("/");
    await expect.poll(isVisible(page.getByRole("heading", { level: 1, name: "Welcome, Marie!" }))).toBe(true);
    expect(await page.getByRole("region", { name: "Email verification" }).count()).toBe(0);
    expect(await page.getByText(texts.en.trialWaits).count()).toBe(0);
  });
});

describe("the emailed link", () => {
  it.each(["en", "fr"] as const)(
    "verifies in a fresh logged-out browser (%s), signs nothing in and offers Log in; a second use fails",
    async (language) => {
      const { email } = await registerThroughApi(baseUrl, {}, { verified: false });
      const { link } = await readVerificationMail(email);
      expect(link.startsWith(`${baseUrl}/verify-email?`)).toBe(true);
      const url = new URL(link);
      // The link carries a long random token, never the address or the short code (issue 53).
      expect([...url.searchParams.keys()]).toEqual(["token"]);
      expect(url.searchParams.get("token")?.length).toBeGreaterThanOrEqual(43);

      const page = await openPage({ language });
      const verifyCalls: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/verify-email") verifyCalls.push(request.method());
      });
      await page.goto(`${url.pathname}${url.search}`);
      await expect
        .poll(isVisible(page.getByRole("heading", { level: 1, name: texts[language].linkVerified })))
        .toBe(true);
      const logIn = page.getByRole("main").getByRole("link", { name: texts[language].logIn });
      expect(await logIn.getAttribute("href")).toBe(`/login?${new URLSearchParams({ email })}`);
      // Sent once, and nobody is signed in: no account menu, the navbar's Login, no session.
      expect(verifyCalls).toEqual(["POST"]);
      expect(await page.getByRole("button", { name: /^(Account menu|Menu du compte)/ }).count()).toBe(0);
      expect(
        await page
          .getByRole("banner")
          .getByRole("link", { name: /^(Login|Connexion)$/ })
          .isVisible(),
      ).toBe(true);
      expect(await getProfile(page)).toBeNull();
      await expectNoAxeViolations(page);

      // The code is single-use: the same link again says so, and offers Log in.
      await page.reload();
      await expect
        .poll(isVisible(page.getByRole("heading", { level: 1, name: texts[language].linkFailed })))
        .toBe(true);
      // A refusal that says why, and what to do next (issue 43).
      const reason =
        language === "en"
          ? "This code is wrong, has expired or was used already."
          : "Ce code est erroné, expiré ou déjà utilisé.";
      expect(await page.getByRole("alert").filter({ hasText: reason }).count()).toBe(1);
      expect(await page.getByRole("main").getByRole("link", { name: texts[language].logIn }).getAttribute("href")).toBe(
        "/login",
      );
      await expectNoAxeViolations(page);

      // And the account is verified: logging in, it has its trial, and no banner.
      await page.getByRole("main").getByRole("link", { name: texts[language].logIn }).click();
      await expect.poll(() => pathOf(page)).toBe("/login");
    },
  );
});

describe("the /verify-email page, signed in", () => {
  it("takes the account's code with Resend beside it, then proves a school address the account moves to", async () => {
    const page = await openPage();
    const { email } = await signUpInContext(page.context(), { role: "law student" }, { verified: false });
    const { code } = await readVerificationMail(email);
    await page.goto("/verify-email");
    await expect.poll(isVisible(page.getByRole("heading", { level: 1, name: texts.en.verifyPage }))).toBe(true);
    // The page asks for the code itself: no banner above it.
    expect(await page.getByRole("region", { name: "Email verification" }).count()).toBe(0);
    expect(
      await page.getByText(`Enter the code from the email we sent to ${email}.`, { exact: false }).isVisible(),
    ).toBe(true);
    expect(await page.getByRole("button", { name: "Resend" }).isVisible()).toBe(true);
    const school = page.locator("#school");
    expect(await school.getByRole("heading", { level: 2, name: texts.en.school }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByLabel("Verification code").fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect
      .poll(isVisible(page.getByRole("status").filter({ hasText: `Your email address ${email} is verified.` })))
      .toBe(true);

    // A school address: an empty or malformed one is refused in place, with focus on the field.
    const schoolField = school.getByLabel("School email address");
    await school.getByRole("button", { name: "Send code" }).click();
    await expect.poll(isVisible(school.getByText("Please enter your school email address."))).toBe(true);
    expect(await schoolField.evaluate((input) => input === document.activeElement)).toBe(true);
    const schoolEmail = uniqueEmail("student", SCHOOL_DOMAIN);
    await schoolField.fill(schoolEmail);
    await school.getByRole("button", { name: "Send code" }).click();
    await expect
      .poll(isVisible(school.getByRole("status").filter({ hasText: `We sent a code to ${schoolEmail}.` })))
      .toBe(true);
    const { code: schoolCode } = await readVerificationMail(schoolEmail);
    await school.getByLabel("Verification code").fill(schoolCode);
    await school.getByRole("button", { name: "Verify" }).click();
    await expect
      .poll(isVisible(school.getByRole("status").filter({ hasText: `Your account now uses ${schoolEmail}.` })))
      .toBe(true);
    expect(await getProfile(page)).toMatchObject({ email: schoolEmail, emailVerified: true });

    // A law student at a school address has the students' free years.
    await school.getByRole("link", { name: "Go to Subscription" }).click();
    await expect.poll(isVisible(page.getByText(/^As a law student, you have free access until /))).toBe(true);
    expect(await page.getByText(texts.en.student).count()).toBe(0);
  });

  it("is accessible in French", async () => {
    const page = await openPage({ language: "fr" });
    await signUpInContext(page.context(), {}, { verified: false });
    await page.goto("/verify-email");
    await expect.poll(isVisible(page.getByRole("heading", { level: 1, name: texts.fr.verifyPage }))).toBe(true);
    expect(await page.getByRole("heading", { level: 2, name: texts.fr.school }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  });

  it("asks a logged-out visitor without a code to log in", async () => {
    const page = await openPage();
    await page.goto("/verify-email");
    await expect.poll(isVisible(page.getByRole("heading", { level: 1, name: "You haven't logged in" }))).toBe(true);
  });
});

describe("student access at an address that is not a school's", () => {
  it.each(["en", "fr"] as const)(
    "is explained on the subscription page, home and the profile (%s), with the two ways to a school address",
    async (language) => {
      const page = await openPage({ language });
      await page.context().route("https://js.stripe.com/**", (route) => route.abort());
      await signUpInContext(page.context(), { role: "law student" });
      await page.goto("/subscription");
      const notice = page.getByRole("status").filter({ hasText: texts[language].student });
      await expect.poll(isVisible(notice)).toBe(true);
      const [changeEmail, verifySchool] =
        language === "en"
          ? ["Change email", "Verify a school address"]
          : ["Changer de courriel", "Vérifier une adresse scolaire"];
      expect(await notice.getByRole("link", { name: changeEmail }).getAttribute("href")).toBe("/change-email");
      expect(await notice.getByRole("link", { name: verifySchool }).getAttribute("href")).toBe("/verify-email#school");
      // Meanwhile, the ordinary trial.
      expect(
        await page
          .getByText(language === "en" ? /^You are on the 30-day free trial/ : /^Vous profitez de l’essai gratuit/)
          .isVisible(),
      ).toBe(true);
      await expectNoAxeViolations(page);

      await page.goto("/");
      await expect.poll(isVisible(notice)).toBe(true);

      await page.goto("/profile/UserSettings");
      await expect.poll(isVisible(notice)).toBe(true);
      await expectNoAxeViolations(page);
      // Said while the occupation is a student's: another choice hides it.
      await page
        .getByRole("combobox", { name: language === "en" ? "Occupation" : "Profession" })
        .selectOption({ label: language === "en" ? "Lawyer" : "Avocat ou avocate" });
      await expect.poll(() => notice.count()).toBe(0);

      await page.goto("/subscription");
      await notice.getByRole("link", { name: verifySchool }).click();
      await expect.poll(() => `${pathOf(page)}${new URL(page.url()).hash}`).toBe("/verify-email#school");
      const school = page.locator("#school");
      await expect.poll(isVisible(school.getByRole("heading", { name: texts[language].school }))).toBe(true);
      await expect.poll(() => school.evaluate((section) => section.getBoundingClientRect().top)).toBeLessThan(900);
    },
  );
});

describe("the account menu", () => {
  it("has Change email, which opens /change-email", async () => {
    const page = await openPage();
    await signUpInContext(page.context(), { firstName: "Marie", lastName: "Tremblay" });
    await page.goto("/");
    await page.getByRole("button", { name: "Account menu for Marie Tremblay" }).click();
    await page.getByRole("menuitem", { name: "Change email" }).click();
    await expect.poll(() => pathOf(page)).toBe("/change-email");
    await expect.poll(isVisible(page.getByRole("heading", { level: 1, name: "Change Email" }))).toBe(true);
  });
});
