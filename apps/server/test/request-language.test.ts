import { LANGUAGE_COOKIE_NAME } from "@precis/contract/boot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuth, createTestClock, xhrHeaders } from "./harness.ts";
import { readSecurityCode } from "./smtp.ts";
import { createAccount } from "./support/accounts.ts";
import { callOperation } from "./support/operations.ts";
import { useTestServer } from "./support/test-server.ts";
import { createWebBuildStandIn } from "./web-build-stand-in.ts";

/**
 * The server knows the language (decision 047): a link's ?lang=, then the reader's choice (the language cookie),
 * then Accept-Language, then English, decide the language every page is sent in and the mail a page asks for.
 */
let build: Awaited<ReturnType<typeof createWebBuildStandIn>>;
beforeAll(async () => {
  build = await createWebBuildStandIn();
});
afterAll(() => build.remove());

const time = createTestClock();
const server = useTestServer({
  time,
  smtp: true,
  env: () => ({ ...build.env, PUBLIC_URL: "https://precis.example", REGISTER_MAX_PER_IP: "1000" }),
});

const getPage = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: "GET", url, headers });
const htmlLang = (body: string) => /<html lang="([^"]*)">/.exec(body)?.[1];
const chose = (language: string) => ({ cookie: `${LANGUAGE_COOKIE_NAME}=${language}` });

describe("the language a page is sent in", () => {
  it.each([
    ["nothing said", "/login", {}, "en"],
    ["Accept-Language fr-CA", "/login", { "accept-language": "fr-CA" }, "fr"],
    ["Accept-Language with French preferred", "/document", { "accept-language": "en;q=0.5, fr-CA, de" }, "fr"],
    ["Accept-Language in no language of ours", "/terms", { "accept-language": "de-DE" }, "en"],
    ["the choice, French, on an English browser", "/login", { ...chose("fr"), "accept-language": "en-CA" }, "fr"],
    ["the choice, English, on a French browser", "/document", { ...chose("en"), "accept-language": "fr-CA" }, "en"],
    ["a choice of no language of ours", "/terms", { ...chose("de"), "accept-language": "fr-CA" }, "fr"],
    ["a link's ?lang=fr on an English browser", "/login?lang=fr", { "accept-language": "en" }, "fr"],
    ["a link's ?lang=en over the choice of French", "/document?lang=en", chose("fr"), "en"],
    ["a link's ?lang= in no language of ours", "/terms?lang=de", chose("fr"), "fr"],
  ])("%s: %s is in %s", async (_case, url, headers, language) => {
    const response = await getPage(url, headers);
    expect(response.statusCode).toBe(200);
    expect(htmlLang(response.body)).toBe(language);
    // Prerendered in that language (the stand-in renders "<main>language path</main>").
    expect(response.body).toContain(`data-prerendered-lang="${language}"><main>${language} ${url.split("?")[0]}`);
    expect(response.headers.vary).toMatch(/accept-language/i);
    expect(response.headers.vary).toMatch(/cookie/i);
  });

  it("sends a page the browser renders (a signed-in visitor's, one with a query) in the request's language too", async () => {
    for (const [url, headers] of [
      ["/profile", chose("fr")],
      ["/login?email=a%40b.ca", { "accept-language": "fr-CA" }],
      ["/document", { ...chose("fr"), cookie: `precis_session=abc; ${LANGUAGE_COOKIE_NAME}=fr` }],
    ] as const) {
      const response = await getPage(url, headers);
      expect(htmlLang(response.body), url).toBe("fr");
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.headers.vary).toBe("accept-language, cookie");
    }
  });

  it("makes a link's language the reader's choice, kept a year for the whole site", async () => {
    const response = await getPage("/document?lang=fr", { "accept-language": "en" });
    const cookie = response.cookies.find((item) => item.name === LANGUAGE_COOKIE_NAME);
    expect(cookie).toMatchObject({ value: "fr", path: "/", sameSite: "Lax", maxAge: 31536000, secure: true });
    expect(cookie?.httpOnly).not.toBe(true);
    // Without a link, the choice is left as it is.
    const plain = await getPage("/document", chose("fr"));
    expect(plain.cookies.find((item) => item.name === LANGUAGE_COOKIE_NAME)).toBeUndefined();
  });

  it.each(["/login", "/document"])("names each language's address of %s for search engines", async (url) => {
    const response = await getPage(url, { "accept-language": "fr" });
    const head = response.body.slice(0, response.body.indexOf("</head>"));
    expect(head).toContain(`<link rel="alternate" hreflang="en" href="https://precis.example${url}?lang=en">`);
    expect(head).toContain(`<link rel="alternate" hreflang="fr" href="https://precis.example${url}?lang=fr">`);
    expect(head).toContain(`<link rel="alternate" hreflang="x-default" href="https://precis.example${url}">`);
    // The alternates of a language's own address are the same.
    const linked = await getPage(`${url}?lang=fr`);
    expect(linked.body).toContain(`<link rel="alternate" hreflang="x-default" href="https://precis.example${url}">`);
    expect(linked.body).toContain(`<link rel="alternate" hreflang="en" href="https://precis.example${url}?lang=en">`);
  });

  it("keeps the alternates on the site's own address, and leaves them off a page that does not exist", async () => {
    const response = await getPage("//elsewhere.example/login");
    expect(response.body).not.toContain("elsewhere.example/");
    const missing = await getPage("/no/such/page", chose("fr"));
    expect(missing.statusCode).toBe(404);
    expect(htmlLang(missing.body)).toBe("fr");
    expect(missing.body).not.toContain("hreflang");
  });
});

describe("mail in the language of the page that asked for it", () => {
  const askForReset = (email: string, headers: Record<string, string>) =>
    server.app.inject({
      method: "POST",
      url: "/api/login/find-user",
      headers: { ...xhrHeaders, authorization: basicAuth(email, ""), ...headers },
    });
  /** The one mail to `email` that `ask` made the server send (the registration's are delivered first). */
  async function mailOf(email: string, ask: () => Promise<{ statusCode: number; body: string }>) {
    await server.app.mailWorker.runOnce();
    const before = server.smtp.inbox.length;
    const response = await ask();
    expect(response.statusCode, response.body).toBe(200);
    await server.app.mailWorker.runOnce();
    const sent = server.smtp.inbox.slice(before).filter((mail) => mail.to === email);
    expect(sent.map((mail) => mail.subject)).toHaveLength(1);
    const [mail] = sent;
    if (!mail) throw new Error(`no mail to ${email}`);
    return mail;
  }

  it("sends the reset code of an English account asked for from the French page in French", async () => {
    const { email } = await createAccount(server, { label: "english-reset", details: { language: "en" } });
    const mail = await mailOf(email, () => askForReset(email, { ...chose("fr"), "accept-language": "en-CA" }));
    expect(mail.subject).toBe("Votre code de sécurité Precis");
    expect(mail.text).toContain("Saisissez ce code de sécurité");
    expect(mail.html).toContain('<html lang="fr">');
  });

  it("tells the owner the password changed in the account's language, whoever reset it from whichever page", async () => {
    const { email } = await createAccount(server, { label: "english-notice", details: { language: "en" } });
    const french = { ...chose("fr"), "accept-language": "fr-CA" };
    const code = readSecurityCode(await mailOf(email, () => askForReset(email, french)));
    const notice = await mailOf(email, () =>
      server.app.inject({
        method: "POST",
        url: "/api/login/reset-password",
        headers: { ...xhrHeaders, authorization: basicAuth(email, "Nouveau2025pass"), ...french },
        payload: { secret_code: code },
      }),
    );
    expect(notice.subject).toBe("Your Precis password was changed");
  });

  it("follows the browser's languages when no choice was made, and the choice over them", async () => {
    const { email } = await createAccount(server, { label: "browser-reset", details: { language: "en" } });
    const browser = await mailOf(email, () => askForReset(email, { "accept-language": "fr-CA,fr;q=0.9" }));
    expect(browser.subject).toBe("Votre code de sécurité Precis");
    const chosen = await mailOf(email, () => askForReset(email, { ...chose("en"), "accept-language": "fr-CA" }));
    expect(chosen.subject).toBe("Your Precis security code");
  });

  it("writes in the account's language when the request names none", async () => {
    const { email } = await createAccount(server, { label: "silent-reset", details: { language: "fr" } });
    expect((await mailOf(email, () => askForReset(email, {}))).subject).toBe("Votre code de sécurité Precis");
  });

  it("sends a new verification code, asked for from the French page, in French", async () => {
    const { email, session } = await createAccount(server, { label: "english-verify", details: { language: "en" } });
    const mail = await mailOf(email, () =>
      callOperation(server, session, "resendVerification", {
        body: {},
        headers: { cookie: `${session.cookie}; ${LANGUAGE_COOKIE_NAME}=fr`, "accept-language": "en" },
      }),
    );
    expect(mail.subject).toBe("Confirmez votre adresse courriel Precis");
  });

  it("names the account's language at registration from the page when the form does not", async () => {
    const { email } = await createAccount(server, { label: "page-register", headers: chose("fr") });
    await server.app.mailWorker.runOnce();
    const mails = server.smtp.inbox.filter((mail) => mail.to === email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      "Bienvenue sur Precis",
      "Confirmez votre adresse courriel Precis",
    ]);
  });
});
