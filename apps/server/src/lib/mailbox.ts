/** Gmail ignores dots in the local part, and googlemail.com is the same mailbox. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address delivers to, as far as the address shows it: lower-case, without a +tag (which most
 * providers deliver to the same mailbox), and for Gmail without dots. What counts per person rather than per
 * address counts under it: one trial per mailbox, and the invitations a mailbox is sent in a day (issue 53,
 * finding 10). The migration that filled the trial ledger for older accounts does the same in SQL
 * (0007_verified_identity.sql); a test checks that they agree.
 */
export function mailboxOf(email: string) {
  const lower = email.toLowerCase();
  const at = lower.lastIndexOf("@");
  const domain = lower.slice(at + 1);
  const local = lower.slice(0, at).split("+")[0] ?? "";
  return GMAIL_DOMAINS.has(domain) ? `${local.replaceAll(".", "")}@gmail.com` : `${local}@${domain}`;
}
