import { describe, expect, it } from "vitest";
import { asGreetingName } from "./greeting.ts";
import { type EmailKind, emailTemplates, greetingNameOf, renderEmail, SUBJECT_CHOICES } from "./render.ts";

const ctx = { productName: "Precis", supportEmail: "support@precis.example", publicUrl: "https://precis.example" };
const anchorsOf = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href = "", text = ""]) => ({ href, text }));

describe("the HTML part of an email", () => {
  it("carries the product's wordmark as text and CSS, and no image from anywhere", () => {
    for (const language of ["en", "fr"] as const) {
      const { html, subject } = renderEmail("welcome", language, ctx, { name: "Marie" });
      expect(html).toMatch(/<span[^>]*>Precis<\/span><\/div>/);
      expect(html).toContain(`<title>${subject}</title>`);
      expect(html).toContain(`<html lang="${language}">`);
      expect(html).not.toMatch(/<img|url\(|src=/i);
    }
  });

  it("links the product's pages and the support address, and keeps the plain-text part as it was", () => {
    const { html, text } = renderEmail("welcome", "en", ctx, { name: "Marie" });
    expect(anchorsOf(html)).toEqual([
      { href: "https://precis.example/profile", text: "https://precis.example/profile" },
      { href: "mailto:support@precis.example", text: "support@precis.example" },
    ]);
    // A sentence's full stop after the address stays outside the link.
    expect(html).toContain("support@precis.example</a>.</p>");
    expect(text).not.toContain("<a");
    expect(text).toContain("Questions? Write to support@precis.example.");
  });

  it("links a verification link whole, its query included, as the browser will read it", () => {
    const link = "https://precis.example/verify-email?email=marie%40example.ca&code=ABCD2345";
    const { html } = renderEmail("verifyEmail", "fr", ctx, {
      name: "Marie",
      code: "ABCD2345",
      link,
      validMinutes: 30,
      isNewAddress: false,
    });
    const [verification] = anchorsOf(html);
    expect(verification?.href.replaceAll("&#38;", "&")).toBe(link);
    expect(verification?.text.replaceAll("&#38;", "&")).toBe(link);
  });

  it("never makes a link of a person's own words, even words shaped like the support address", () => {
    const local = { ...ctx, supportEmail: "help@localhost", publicUrl: "http://localhost:8081" };
    const { html, text } = renderEmail("firmMemberLeft", "en", local, { name: "Marie", firmName: "help@localhost" });
    expect(text).toContain("You left the firm named “help@localhost” on Precis.");
    expect(html).toContain("You left the firm named “help@localhost” on Precis.");
    // The one link to the address is the support line's, not the greeting's.
    expect(anchorsOf(html).filter((anchor) => anchor.href === "mailto:help@localhost")).toHaveLength(1);
  });

  it("leaves any other address as text: only the product's own origin is linked", () => {
    const { html } = renderEmail("newSignIn", "en", ctx, {
      name: "Marie",
      when: "November 27, 2026 at 10:00 a.m.",
      device: "https://evil.example/login",
      ipAddress: "203.0.113.5",
    });
    expect(html).toContain("https://evil.example/login");
    expect(anchorsOf(html).map((anchor) => anchor.href)).toEqual([
      "https://precis.example/login/find-user",
      "https://precis.example/profile/Security",
      "mailto:support@precis.example",
    ]);
  });

  it("escapes a name with markup in it", () => {
    const { html } = renderEmail("firmDeleted", "en", ctx, { name: "Marie", firmName: "<b>Marie</b> & co" });
    expect(html).not.toContain("<b>");
    expect(html).toContain("the firm named “bMarie/b &#38; co”");
  });
});

/** Params for any template, by a Proxy: SUBJECT_CHOICES get a sample value, every other field a marker "⟦field⟧". */
function paramsReading(read: Set<string>, choices: Record<string, unknown>, name = "⟦name⟧") {
  return new Proxy({} as Record<string, unknown>, {
    get: (_target, key) => {
      if (typeof key !== "string") return undefined;
      read.add(key);
      if (key in choices) return choices[key];
      return key === "name" ? name : `⟦${key}⟧`;
    },
  });
}
const kinds = Object.keys(emailTemplates) as EmailKind[];
const choiceSamples = [
  { access: "trial", daysLeft: 1, change: "totpOn", isLocked: true, provider: "Google" },
  { access: "student", daysLeft: 3, change: "passkeyRemoved", isLocked: false, provider: "Microsoft" },
];

describe("the subject of every email (issue 53, finding 10)", () => {
  // Emails added later are held to the same rule: this reads every template there is.
  for (const kind of kinds) {
    for (const language of ["en", "fr"] as const) {
      it(`${kind} (${language}) is our own words: it reads no params but the fixed choices`, () => {
        const template = emailTemplates[kind][language] as { subject: (c: typeof ctx, p: unknown) => string };
        for (const choices of choiceSamples) {
          const read = new Set<string>();
          const subject = template.subject(ctx, paramsReading(read, choices));
          expect(typeof subject).toBe("string");
          expect(subject).not.toMatch(/⟦|undefined/);
          expect([...read].filter((key) => !(SUBJECT_CHOICES as readonly string[]).includes(key))).toEqual([]);
        }
      });
    }
  }
});

describe("the greeting", () => {
  it("keeps a first name as names are written", () => {
    for (const name of [
      "Marie",
      "Jean\u2011Pierre",
      "O'Brien",
      "Mary\u00a0Ann",
      "J.\u00a0R.",
      "Zoë",
      "Nguyễn",
      "李小龍",
    ]) {
      expect(asGreetingName(name), name).toBe(name);
    }
  });

  it("greets without a name that holds a phone number, a link, an address or a sentence", () => {
    for (const name of [
      "call 1\u2010800\u2010555\u20100199",
      "jdoe42",
      "help@localhost",
      "evil.example",
      "https[:]//x",
      "Your account is suspended",
      "Marie: urgent",
      "a".repeat(31),
      "",
    ]) {
      expect(asGreetingName(name), name).toBe("");
    }
  });

  it("greets by the first name only, never by the username", () => {
    expect(greetingNameOf({ firstName: "mARIE" })).toBe("Marie");
    expect(greetingNameOf({ firstName: "jean-pierre" })).toBe("Jean\u2011Pierre");
    for (const firstName of ["", "  "]) {
      const account = { firstName, username: "fr-ui.mx6a7vo9" };
      expect(greetingNameOf(account)).toBe("");
      const fr = renderEmail("welcome", "fr", ctx, { name: greetingNameOf(account) });
      const en = renderEmail("welcome", "en", ctx, { name: greetingNameOf(account) });
      expect(fr.text.startsWith("Bonjour,\n\n")).toBe(true);
      expect(en.text.startsWith("Hello,\n\n")).toBe(true);
      for (const { text, html } of [fr, en]) {
        expect(text).not.toMatch(/fr.ui|mx6a7vo9/);
        expect(html).not.toMatch(/fr.ui|mx6a7vo9/);
      }
    }
  });

  it("keeps a first name holding a link out of the greeting", () => {
    const { text } = renderEmail("welcome", "fr", ctx, { name: greetingNameOf({ firstName: "evil.example" }) });
    expect(text.startsWith("Bonjour,\n\n")).toBe(true);
    expect(text).not.toContain("evil");
  });

  it('reads "Hello," alone in every email to a person whose name is no name', () => {
    const { text } = renderEmail("verifyEmail", "en", ctx, {
      name: "call 1‐800‐555‐0199",
      code: "ABCD2345",
      link: "https://precis.example/verify-email",
      validMinutes: 30,
      isNewAddress: false,
    });
    expect(text.startsWith("Hello,\n\n")).toBe(true);
    expect(text).not.toContain("555");
    for (const kind of kinds) {
      for (const language of ["en", "fr"] as const) {
        const template = emailTemplates[kind][language] as { paragraphs: (c: typeof ctx, p: unknown) => string[] };
        const [greeting] = template.paragraphs(ctx, paramsReading(new Set(), choiceSamples[0] ?? {}, ""));
        expect(greeting, `${kind} (${language})`).toMatch(/^(Hello|Bonjour),$/);
      }
    }
  });
});

describe("a firm's and a person's name in a firm email", () => {
  const attack = "Your Precis account is suspended — re-enter password at precis-login.example";

  it("stands in the body only, quoted as a name and defanged, under a fixed subject", () => {
    const en = renderEmail("firmInvitation", "en", ctx, {
      inviterName: "Jane “Admin” Doe",
      firmName: attack,
      role: "member",
      link: "https://precis.example/firm/join#token",
      validDays: 7,
    });
    expect(en.subject).toBe("An invitation to join a firm on Precis");
    expect(en.text).toContain(
      "The person named “Jane Admin Doe” invited you to join the firm named “Your Precis account is suspended — re-enter password at precis-login[.]example” on Precis as a member.",
    );
    const fr = renderEmail("firmInvitation", "fr", ctx, {
      inviterName: "Jeanne",
      firmName: "Cabinet « Tremblay »",
      role: "admin",
      link: "https://precis.example/firm/join#token",
      validDays: 7,
    });
    expect(fr.subject).toBe("Une invitation à rejoindre un cabinet sur Precis");
    expect(fr.text).toContain(
      "La personne nommée «\u00a0Jeanne\u00a0» vous invite à rejoindre le cabinet nommé «\u00a0Cabinet Tremblay\u00a0»",
    );
  });
});
