import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";
import type { ReceivedMail } from "../../apps/server/test/smtp.ts";

/**
 * Every message this test process has read, by file name. A file never changes once renamed into place
 * (global-setup.ts), so each is parsed once: the suite's mailbox grows to hundreds of messages, and parsing all
 * of them on every poll of every wait was most of the work of waiting for one.
 */
const readMessages = new Map<string, ReceivedMail>();

/** Waits for the newest email to `recipient` whose subject matches, as received by the test's SMTP server. */
export async function waitForMail(recipient: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const dir = inject("mailboxDir");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Only whole messages (global-setup.ts renames each into place once written). Names start with the time they
    // arrived, so the newest comes first.
    const files = (await readdir(dir))
      .filter((file) => file.endsWith(".json"))
      .sort()
      .reverse();
    for (const file of files) {
      let mail = readMessages.get(file);
      if (!mail) {
        mail = JSON.parse(await readFile(path.join(dir, file), "utf8")) as ReceivedMail;
        readMessages.set(file, mail);
      }
      if (mail.to === recipient && subject.test(mail.subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no email to ${recipient} matching ${subject} within ${timeoutMs} ms`);
}
