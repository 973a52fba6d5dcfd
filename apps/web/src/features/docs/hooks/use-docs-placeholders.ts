import { useMemo } from "react";
import { useClientConfig } from "@/lib/client-config";
import type { DocsPlaceholderValues } from "../types/docs-content";

/** What `{{name}}` stands for in the Markdown pages, from this environment's config. */
export function useDocsPlaceholders(): DocsPlaceholderValues {
  const { productName, productShortName, supportEmail, links } = useClientConfig();
  return useMemo(
    () => ({
      productName,
      productShortName,
      supportEmail,
      extensionStoreUrl: links.extensionStore,
      pdfToolUrl: links.pdfTool,
      videoTutorialUrl: links.videoTutorial,
    }),
    [productName, productShortName, supportEmail, links],
  );
}
