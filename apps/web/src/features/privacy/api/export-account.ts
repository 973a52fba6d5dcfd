import { operations } from "@precis/contract/operations";
import { useMutation } from "@tanstack/react-query";
import { apiDownload } from "@/lib/api-client";
import { saveFile } from "@/lib/save-file";
import type { ConfirmIdentityThen } from "@/lib/use-refreshing-mutation";

/** The name the file gets if the server's Content-Disposition says none. */
const FALLBACK_FILE_NAME = "precis-data.json";

/**
 * `GET /api/account/export`: everything kept about the account, as the JSON file the server names. Needs a
 * sign-in or a confirmed password within 15 minutes (the caller's confirm-identity wrapper asks for it).
 */
export async function exportAccount(): Promise<{ blob: Blob; fileName: string }> {
  const { blob, fileName } = await apiDownload(operations.exportAccount);
  return { blob, fileName: fileName ?? FALLBACK_FILE_NAME };
}

/** Downloads the export and hands it to the browser as a file; resolves to the file's name. */
export function useExportAccount({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await confirmIdentityThen(exportAccount);
      saveFile(blob, fileName);
      return fileName;
    },
  });
}
