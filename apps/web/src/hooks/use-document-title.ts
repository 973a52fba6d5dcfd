import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useClientConfig } from "@/lib/client-config";

/** Sets "{page} · {product}"; re-runs on a language switch because `t` changes with it. */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const { productName } = useClientConfig();
  useEffect(() => {
    document.title = t("documentTitle", { page, productName });
  }, [t, page, productName]);
}
