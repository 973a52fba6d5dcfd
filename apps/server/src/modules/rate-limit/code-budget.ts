import type { AppConfig } from "../../config.ts";
import type { AppDatabase } from "../../db/client.ts";
import { hashSecurityCode, MAX_CODE_ATTEMPTS } from "../../lib/security-codes.ts";
import { pseudonymOf } from "./keys.ts";
import { countRunning, hitRateLimit, readRunningCount } from "./service.ts";

/**
 * How guesses at an emailed security code (a reset code, a verification code) are limited, so that nobody but
 * its owner can spend it (issue 42, finding 5; issue 53, finding 8). A code once died after five wrong tries from
 * anyone: a stranger who knew the address could void the owner's code at will. Now the browser that asked for
 * the code (its device cookie, sessions/known-devices.ts) has five tries at it, on whatever network it is, and
 * no one else's guesses touch them; every other client has five tries of its own (by its address), and all of
 * them together share a bound per account and hour, which stops a spread-out attack without touching the
 * asker's tries. It was once the asking address that counted as the asker: the owner who asked at home and
 * typed the code at the office met the strangers' spent bound. 8 characters of 31 make ~8.5·10^11 codes:
 * 20 guesses an hour leave guessing out of reach.
 */
export const CODE_GUESSES_PER_CLIENT = MAX_CODE_ATTEMPTS;
export const CODE_GUESSES_BY_OTHERS_PER_HOUR = 20;

export type CodeKind = "reset" | "verify";

interface CodeRef {
  kind: CodeKind;
  codeId: number;
  userId: number;
  expiresAt: Date;
}

/** Who tries a code: the client's address, and the hash of its browser's device cookie when it sent one. */
export interface CodeClient {
  address: string;
  browser?: string | null;
  /** The caller's knowledge that the client is the code's owner (a session of its account). */
  isRequester?: boolean;
}

const requesterKey = (config: Pick<AppConfig, "mfaEncryptionKey">, code: CodeRef, browser: string) =>
  `code-requester:${code.kind}:${code.codeId}:${pseudonymOf(config, browser)}`;

/**
 * Records which browser (the hash of its device cookie) asked for a code, in the caller's transaction: its
 * guesses are never the strangers'.
 */
export async function rememberCodeRequester(
  db: AppDatabase,
  config: Pick<AppConfig, "mfaEncryptionKey">,
  code: CodeRef,
  browser: string,
  now: Date,
) {
  await countRunning(db, requesterKey(config, code, browser), now, code.expiresAt);
}

/**
 * Counts one try at `code` by `client` (before the code is compared, so racing tries cannot overshoot) and says
 * whether the try may be compared at all. The browser that asked counts its tries apart, under its cookie; any
 * other client under its address, and within the strangers' shared bound.
 */
export async function spendCodeGuess(
  db: AppDatabase,
  config: Pick<AppConfig, "mfaEncryptionKey">,
  code: CodeRef,
  client: CodeClient,
  now: Date,
) {
  const isAskingBrowser =
    !!client.browser && (await readRunningCount(db, requesterKey(config, code, client.browser), now)) > 0;
  const who = isAskingBrowser && client.browser ? `browser:${client.browser}` : `address:${client.address}`;
  const clientKey = `code-guess:${code.kind}:${code.codeId}:${pseudonymOf(config, who)}`;
  if ((await countRunning(db, clientKey, now, code.expiresAt)) > CODE_GUESSES_PER_CLIENT) return false;
  if (client.isRequester || isAskingBrowser) return true;
  const verdict = await hitRateLimit(
    db,
    `code-guess:${code.kind}:others:${code.userId}`,
    { limit: CODE_GUESSES_BY_OTHERS_PER_HOUR, windowSeconds: 3600 },
    now,
  );
  return verdict.isAllowed;
}

/** A live emailed code as stored, newest of its kind for the account or address. */
interface StoredCode {
  id: number;
  userId: number;
  expiresAt: Date;
  codeHash: string;
}

/**
 * Whether the typed code is `stored` (false when there is none), spending one of the client's guesses at it
 * first: a wrong try ends this client's chances at the code, never the code itself. Typed codes are compared
 * trimmed and in capitals, as the email shows them.
 */
export async function isCodeGuessRight(
  db: AppDatabase,
  config: Pick<AppConfig, "mfaEncryptionKey">,
  kind: CodeKind,
  stored: StoredCode | undefined,
  typed: string,
  client: CodeClient,
  now: Date,
) {
  if (!stored) return false;
  const code = { kind, codeId: stored.id, userId: stored.userId, expiresAt: stored.expiresAt };
  if (!(await spendCodeGuess(db, config, code, client, now))) return false;
  return stored.codeHash === hashSecurityCode(stored.userId, typed.trim().toUpperCase());
}

/** Most security codes emailed to one account in an hour (issue 42, finding 10); more are refused in silence. */
export const CODE_EMAILS_PER_ACCOUNT_PER_HOUR = 5;

/** Counts one code email for the account; false when the hour's allowance is spent and no email should go. */
export async function mayEmailCode(db: AppDatabase, kind: CodeKind, userId: number, now: Date) {
  const verdict = await hitRateLimit(
    db,
    `code-mail:${kind}:${userId}`,
    { limit: CODE_EMAILS_PER_ACCOUNT_PER_HOUR, windowSeconds: 3600 },
    now,
  );
  return verdict.isAllowed;
}
