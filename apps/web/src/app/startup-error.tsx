import { Button, Result } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { UiProvider } from "@/app/providers";

/** Shown when no client config could be loaded: without it there is no product to render. */
export function StartupError() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t("startupError.title");
  }, [t]);
  return (
    <UiProvider>
      <main className="standalone-page">
        <Result
          status="warning"
          title={<h1 className="result-heading">{t("startupError.title")}</h1>}
          subTitle={t("startupError.description")}
          extra={
            <Button type="primary" onClick={() => window.location.reload()}>
              {t("startupError.reload")}
            </Button>
          }
        />
      </main>
    </UiProvider>
  );
}
