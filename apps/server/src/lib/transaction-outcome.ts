import type { AppDatabase } from "../db/client.ts";

/** Carries a refused outcome out of the transaction it rolls back; never seen outside this file. */
class Refused extends Error {
  constructor(readonly outcome: unknown) {
    super("refused: the transaction is rolled back");
  }
}

/**
 * Runs `work` in one transaction and returns its outcome (decision 046). The transaction commits for the outcomes
 * named in `commits`, a service's successes; any other is a refusal, and whatever the work wrote before it is
 * rolled back, as a thrown error would roll it back, so a refused request writes nothing however late it was refused.
 */
export async function transactionOutcome<Result extends { readonly outcome: string }>(
  db: AppDatabase,
  commits: readonly Result["outcome"][],
  work: (tx: AppDatabase) => Promise<Result>,
): Promise<Result> {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      if (!commits.includes(result.outcome)) throw new Refused(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome as Result;
    throw error;
  }
}
