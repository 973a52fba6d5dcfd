import { describe, expect, it } from "vitest";
import { renderEmail } from "./templates.ts";

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
    const { html, text } = renderEmail("welcome", "en", local, { name: "help@localhost" });
    expect(text).toContain("Hello help@localhost,");
    expect(html).toContain('<p style="margin:0 0 16px">Hello help@localhost,</p>');
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
    const { html } = renderEmail("welcome", "en", ctx, { name: "<b>Marie</b> & co" });
    expect(html).not.toContain("<b>");
    expect(html).toContain("Hello bMarie/b &#38; co,");
  });
});
