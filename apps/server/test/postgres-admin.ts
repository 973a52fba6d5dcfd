import pg from "pg";

/**
 * Runs one statement on a PostgreSQL server on a connection of its own (`create database`, `drop database`: neither
 * runs inside a pool's transaction). For the test suites' and the bench's throwaway databases.
 */
export async function runAdminStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
