import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { LEGAL_DOCUMENTS } from "@precis/contract/legal";
import { defaultMemoOptionSet, memoVisibilityFlags } from "@precis/contract/memo-options";
import pg from "pg";
import { hashPassword } from "../../apps/server/src/modules/auth/passwords.ts";
import { getUsernameSkeleton } from "../../apps/server/src/modules/auth/username-skeleton.ts";
import { hashSecret } from "../../apps/server/src/modules/sessions/service.ts";

/** One seeded account and the secrets of its live session, as a client holds them. */
export interface SeededUser {
  id: number;
  email: string;
  token: string;
  accessKey: string;
  /** The id of the account's one saved memo option set (selected). */
  optionSetId: number;
  /** Whether the account's password is the known one (the sign-in share of the mix uses these). */
  hasKnownPassword: boolean;
}

export interface SeedFigures {
  users: number;
  usersWithKnownPassword: number;
  seconds: number;
}

const newSecret = () => randomBytes(32).toString("base64url");

/**
 * Seeds `count` verified accounts in bulk (a handful of set-based statements, not `count` registrations), each
 * with what a registered, verified user has: the profile, the consents to the versions in force (and their
 * copy on the row), the trial started at verification and its ledger entry, the registration's audit event,
 * and a live session whose two secrets only the caller knows (the table holds their SHA-256, as
 * modules/sessions/service.ts writes them). Each also has one saved, selected memo option set, as a user of the
 * extension who has set it up, and half of them have counted memos this month. The first `knownPasswordCount`
 * have `password`; the others a password nobody knows (both argon2id hashes made once by the server's own
 * hashPassword and reused: hashing 10,000 would take minutes and measure nothing).
 */
export async function seedUsers(
  url: string,
  options: { count: number; knownPasswordCount: number; password: string },
): Promise<{ users: SeededUser[]; figures: SeedFigures }> {
  const startedAt = performance.now();
  const [knownHash, unknownHash] = await Promise.all([
    hashPassword(options.password),
    hashPassword(randomBytes(24).toString("base64url")),
  ]);
  const prefix = `bench${randomBytes(3).toString("hex")}`;
  const usernames = Array.from({ length: options.count }, (_, index) => `${prefix}u${index + 1}`);
  const secrets = usernames.map(() => ({ token: newSecret(), accessKey: newSecret() }));
  const visibility = Object.fromEntries(memoVisibilityFlags.map((flag) => [flag, defaultMemoOptionSet[flag]]));

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    const inserted = await client.query<{ id: string; email: string; ordinal: string }>(
      `insert into users (email, username, username_skeleton, first_name, last_name, organization, area_of_law,
         occupation, password_hash, email_verified_at, trial_started_at, locale, created_at, updated_at,
         accepted_terms_version, accepted_privacy_version)
       select lower(given.username) || '@example.ca', given.username, given.skeleton, 'Reader', 'Number ' || given.ordinal,
         'Bench LLP', 'Administrative law', 'lawyer',
         case when given.ordinal <= $3 then $4 else $5 end,
         now() - interval '2 days', now() - interval '2 days', 'en', now() - interval '2 days', now() - interval '2 days',
         $6, $7
       from unnest($1::text[], $2::text[]) with ordinality as given(username, skeleton, ordinal)
       returning id, email`,
      [
        usernames,
        usernames.map(getUsernameSkeleton),
        options.knownPasswordCount,
        knownHash,
        unknownHash,
        LEGAL_DOCUMENTS.terms.version,
        LEGAL_DOCUMENTS.privacy.version,
      ],
    );
    const idByEmail = new Map(inserted.rows.map((row) => [row.email, Number(row.id)]));
    const ids = usernames.map((username) => {
      const id = idByEmail.get(`${username.toLowerCase()}@example.ca`);
      if (id === undefined) throw new Error(`seeded user ${username} is missing`);
      return id;
    });
    await client.query(
      `insert into sessions (token_hash, access_key_hash, user_id, created_at, last_used_at, idle_expires_at,
         absolute_expires_at, ip_address, user_agent, authenticated_at)
       select given.token_hash, given.access_key_hash, given.user_id, now() - interval '1 day', now(),
         now() + interval '29 days', now() + interval '179 days', '127.0.0.1', 'precis-bench', now() - interval '1 day'
       from unnest($1::bigint[], $2::text[], $3::text[]) as given(user_id, token_hash, access_key_hash)`,
      [ids, secrets.map((secret) => hashSecret(secret.token)), secrets.map((secret) => hashSecret(secret.accessKey))],
    );
    const sets = await client.query<{ id: string; user_id: string }>(
      `insert into memo_option_sets (user_id, name, memo_summary, memo_facts_length, memo_facts_presentation, memo_tone,
         memo_lang, visibility, memo_ordering, selected_at)
       select id, 'My memo', $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, now() - interval '1 day'
       from unnest($1::bigint[]) as id
       returning id, user_id`,
      [
        ids,
        defaultMemoOptionSet.memoSummary,
        defaultMemoOptionSet.memoFactsLength,
        defaultMemoOptionSet.memoFactsPresentation,
        defaultMemoOptionSet.memoTone,
        defaultMemoOptionSet.memoLang,
        JSON.stringify(visibility),
        JSON.stringify(defaultMemoOptionSet.memoOrdering),
      ],
    );
    const setByUser = new Map(sets.rows.map((row) => [Number(row.user_id), Number(row.id)]));
    await client.query(
      `insert into consents (user_id, document, version, accepted_at)
       select id, document.name, document.version, now() - interval '2 days'
       from unnest($1::bigint[]) as id cross join (values ('terms', $2), ('privacy', $3)) as document(name, version)`,
      [ids, LEGAL_DOCUMENTS.terms.version, LEGAL_DOCUMENTS.privacy.version],
    );
    // The ledger's hash of an address without a +tag outside Gmail is the SHA-256 of the address (trial-ledger.ts).
    await client.query(
      `insert into trial_ledger (email_hash, first_trial_at)
       select encode(sha256(convert_to(email, 'UTF8')), 'hex'), now() - interval '2 days' from users where id = any($1::bigint[])`,
      [ids],
    );
    await client.query(
      `insert into audit_events (occurred_at, event, user_id, ip_address, details)
       select now() - interval '2 days', 'registered', id, '127.0.0.1', '{"method":"password"}'::jsonb from unnest($1::bigint[]) as id`,
      [ids],
    );
    await client.query(
      `insert into memo_usage (user_id, month, memo_count)
       select id, to_char(now() at time zone 'UTC', 'YYYY-MM'), 1 + (id % 20)::int from unnest($1::bigint[]) as id where id % 2 = 0`,
      [ids],
    );
    await client.query("commit");
    await client.query("analyze");
    const users = ids.map((id, index) => ({
      id,
      email: `${usernames[index]?.toLowerCase()}@example.ca`,
      token: secrets[index]?.token ?? "",
      accessKey: secrets[index]?.accessKey ?? "",
      optionSetId: setByUser.get(id) ?? 0,
      hasKnownPassword: index < options.knownPasswordCount,
    }));
    return {
      users,
      figures: {
        users: users.length,
        usersWithKnownPassword: options.knownPasswordCount,
        seconds: (performance.now() - startedAt) / 1000,
      },
    };
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

/** The seeded secrets, for a probe in another process. */
export function writeUsersFile(file: string, users: SeededUser[]) {
  writeFileSync(file, JSON.stringify(users));
}
