import { describe, expect, it } from "vitest";
import { asQuotedData } from "../src/modules/mail/user-text.ts";
import { basicAuth, createTestClock, xhrHeaders } from "./harness.ts";
import type { ReceivedMail } from "./smtp.ts";
import { createAccount } from "./support/accounts.ts";
import { addPasskey } from "./support/passkeys.ts";
import { useTestServer } from "./support/test-server.ts";

/**
 * Issue 42, finding 7: what a person typed (a first name, a passkey's name) reaches a security email as plain
 * data, never as a line of the email's own or a working link. Read from the mail as a real SMTP server got it.
 */
const ORIGIN = "http://localhost:8081";
const time = createTestClock();
const server = useTestServer({ time, smtp: true, env: { PUBLIC_URL: ORIGIN } });

async function mailTo(email: string, subject: RegExp) {
  await server.app.mailWorker.runOnce();
  const mail = server.smtp.inbox.filter((item) => item.to === email && subject.test(item.subject)).at(-1);
  if (!mail) throw new Error(`no mail to ${email} matching ${subject}`);
  return mail;
}
/** Every http(s) link or bare domain with a path a mail client would turn into a link, in text and in HTML. */
const linksIn = (mail: ReceivedMail, host: string) =>
  [mail.text, mail.html].flatMap(
    (body) => body.match(new RegExp(`(https?://)?${host.replace(".", "\\.")}[^\\s<]*`, "g")) ?? [],
  );

describe("a first name holding a link", () => {
  it("greets without a working link in a security email, in text and HTML", async () => {
    const { email } = await createAccount(server, {
      details: { firstName: "Bob Visit https://evil.example/login now" },
    });
    const found = await server.app.inject({
      method: "POST",
      url: "/api/login/find-user",
      headers: { ...xhrHeaders, authorization: basicAuth(email, "") },
    });
    expect(found.statusCode).toBe(200);
    const mail = await mailTo(email, /security code/);
    expect(linksIn(mail, "evil.example")).toEqual([]);
    expect(mail.html).not.toContain("evil.example");
    expect(mail.html).not.toContain("https://evil");
    // A first name that holds a link is not a name: the greeting leaves it out (mail/greeting.ts, issue 53).
    expect(mail.text.startsWith("Hello,\n")).toBe(true);
    expect(mail.text).not.toContain("Bob Visit");
  });
});

describe("a passkey's name", () => {
  it("is quoted as data in the 'passkey added' alert: its quotes cannot end the email's own", async () => {
    // Passkeys are added only once the address is proven (issue 42, finding 3).
    const { email, session } = await createAccount(server, { isVerified: true });
    const name = 'iPhone". Added by Precis support: see help.evil.example "';
    await addPasskey(server, session, { origin: ORIGIN, name });
    const mail = await mailTo(email, /A passkey was added/);
    expect(mail.text).not.toContain('iPhone"');
    expect(mail.text).toContain('The passkey "iPhone. Added by Precis support: see help[.]evil[.]example" was added');
    // One pair of quotes around the name: the email's own.
    const line = mail.text.split("\n").find((item) => item.startsWith("The passkey"));
    expect(line?.match(/"/g)).toHaveLength(2);
    expect(linksIn(mail, "evil.example")).toEqual([]);
  });
});

describe("asQuotedData", () => {
  it("keeps ordinary names as they are and makes link-shaped text inert", () => {
    expect(asQuotedData("Marie-Ève O'Brien")).toBe("Marie-Ève O'Brien");
    expect(asQuotedData("J.R. Tremblay")).toBe("J.R. Tremblay");
    expect(asQuotedData("www.evil.example")).toBe("www[.]evil[.]example");
    expect(asQuotedData("evil\u3002example")).toBe("evil[.]example");
    expect(asQuotedData("Bob\nSupport: call now\u202e")).toBe("Bob Support: call now");
    expect(asQuotedData("x".repeat(80))).toHaveLength(60);
  });
});
