/** The SQL of the raw node-postgres baselines (probes/raw-users.ts), here so the report can quote it. */

/** The live, unrevoked session a token hash names. */
const liveSession =
  "s.token_hash = $1 and s.revoked_at is null and s.idle_expires_at > now() and s.absolute_expires_at > now()";

/** Each read is one statement: the session, its user, and that read's own rows. */
export const readStatements = {
  "user-details": `select s.access_key_hash, u.username, u.email, u.first_name, u.last_name, u.organization,
      u.area_of_law, u.topics_of_interest, u.occupation, u.is_internal, u.email_verified_at,
      u.accepted_terms_version, u.accepted_privacy_version, u.deletion_scheduled_for
    from sessions s join users u on u.id = s.user_id
    where ${liveSession}`,
  "user-options": `select s.access_key_hash, m.*
    from sessions s join users u on u.id = s.user_id join memo_option_sets m on m.user_id = u.id
    where ${liveSession}
    order by m.id limit 20`,
  entitlement: `select s.access_key_hash, u.created_at, u.occupation, u.email, u.email_verified_at, u.trial_started_at,
      (select mu.memo_count from memo_usage mu where mu.user_id = u.id and mu.month = $2) as used_this_month,
      (select json_agg(sub) from subscriptions sub join stripe_customers c on c.customer_id = sub.customer_id
        where c.user_id = u.id) as subscriptions
    from sessions s join users u on u.id = s.user_id
    where ${liveSession}`,
} as const;

/** Counting a memo: the session and its user's access, then the counter's upsert. */
export const memoUsageStatements = {
  session: `select s.access_key_hash, u.id, u.email_verified_at, u.trial_started_at
    from sessions s join users u on u.id = s.user_id
    where ${liveSession}`,
  upsert: `insert into memo_usage (user_id, month, memo_count) values ($1, $2, 1)
    on conflict (user_id, month) do update set memo_count = memo_usage.memo_count + 1
    returning memo_count`,
} as const;
