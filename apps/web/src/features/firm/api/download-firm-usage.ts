import { useMutation } from "@tanstack/react-query";
import { apiDownload } from "@/lib/api-client";
import { saveFile } from "@/lib/save-file";
import { usageOfMonth } from "./get-firm-usage";

/**
 * The month's report as the server writes it for spreadsheets (`Accept: text/csv`: UTF-8 with a header row, its
 * cells neutralised), saved under the name the server gives it; resolves to that name.
 */
export async function downloadFirmUsageCsv(month: string) {
  const { blob, fileName } = await apiDownload(usageOfMonth(month), { headers: { Accept: "text/csv" } });
  const name = fileName ?? `precis-usage-${month}.csv`;
  saveFile(blob, name);
  return name;
}

export function useDownloadFirmUsage() {
  return useMutation({ mutationFn: downloadFirmUsageCsv });
}
