import { Button } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { UiProvider } from "@/app/providers";
import { StatusMessage } from "@/components/status-message";

/** Shown when no client config could be loaded: without it there is no product to render. */
export function StartupError() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t("startupError.title");
  }, [t]);
  return (
    <UiProvider>
      <main className="standalone-page">
        <StatusMessage
          status="warning"
          title={t("startupError.title")}
          description={t("startupError.description")}
          action={
            <Button type="primary" onClick={() => window.location.reload()}>
              {t("startupError.reload")}
            </Button>
          }
        />
      </main>
    </UiProvider>
  );
}
