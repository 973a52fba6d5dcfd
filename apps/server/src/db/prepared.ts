import type { AppDatabase } from "./client.ts";

/**
 * A statement built once per database and sent as a named prepared statement: the query builder does not
 * render its SQL again on every call, and PostgreSQL parses and plans it once per connection. On the hot
 * paths (a save, a login's five statements) rendering and parsing were a fifth to a quarter of the CPU
 * time a request cost (decision 011, issue 8's bench).
 *
 * A transaction is a database of its own here: its statements are built for it, as they would be unprepared.
 */
export function preparedPerDatabase<Statement>(build: (db: AppDatabase) => Statement) {
  const statements = new WeakMap<AppDatabase, Statement>();
  return (db: AppDatabase) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
