import type { Language } from "@precis/contract/auth";
import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { enqueueEmail } from "./outbox.ts";
import { type EmailKind, type EmailParams, emailContextOf, greetingNameOf, renderEmail } from "./render.ts";

/** What an email to an account's owner reads of the account: its address, its language, and who it greets. */
export interface EmailedAccount {
  email: string;
  locale: Language;
  firstName: string;
  username: string;
}

/** The templates written to an account's owner, greeting them by `name`. */
type AccountEmailKind = { [Kind in EmailKind]: EmailParams[Kind] extends { name: string } ? Kind : never }[EmailKind];

/**
 * Queues one of the templates for an account's owner, inside the caller's transaction as enqueueEmail does: to
 * the account's address, in its language, greeting its owner by name.
 */
export async function enqueueAccountEmail<Kind extends AccountEmailKind>(
  db: AppDatabase,
  config: AppConfig,
  account: EmailedAccount,
  kind: Kind,
  params: Omit<EmailParams[Kind], "name">,
  now: Date,
) {
  // Each of these templates greets by `name`; TypeScript cannot see that adding it back rebuilds the template's own type.
  const withName = { ...params, name: greetingNameOf(account) } as unknown as EmailParams[Kind];
  await enqueueEmail(db, account.email, renderEmail(kind, account.locale, emailContextOf(config), withName), now);
}
