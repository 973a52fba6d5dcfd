import type { AccountExport } from "@precis/contract/account-export";
import { useMutation } from "@tanstack/react-query";
import type { ConfirmIdentityThen } from "@/lib/use-refreshing-mutation";
import { exportAccount } from "./export-account";

/**
 * The export itself (`GET /api/account/export`, the file's very bytes), read as data for the summary on the page:
 * the summary cannot show anything the file does not hold. The same rules as the download: a recent sign-in or a
 * confirmation (the caller's confirm-identity wrapper), and the same hourly allowance.
 */
export async function readAccountExport(): Promise<AccountExport> {
  const [{ blob }, { privacyOperations }] = await Promise.all([exportAccount(), import("@precis/contract/privacy")]);
  return privacyOperations.exportAccount.schemas.response[200].parse(JSON.parse(await blob.text()));
}

export function useAccountSummary({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useMutation({ mutationFn: () => confirmIdentityThen(readAccountExport) });
}
