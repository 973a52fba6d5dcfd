import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { UiProvider } from "@/app/providers";
import { ReloadPageMessage } from "@/app/reload-page-message";

/** Shown when no client config could be loaded: without it there is no product to render. */
export function StartupError() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t("startupError.title");
  }, [t]);
  return (
    <UiProvider>
      <main className="standalone-page">
        <ReloadPageMessage
          status="warning"
          title={t("startupError.title")}
          description={t("startupError.description")}
          reloadLabel={t("startupError.reload")}
        />
      </main>
    </UiProvider>
  );
}
