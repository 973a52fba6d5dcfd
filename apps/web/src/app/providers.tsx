import { IconProvider } from "@ant-design/icons";
import IconContext from "@ant-design/icons/es/components/Context";
import { iconStyles } from "@ant-design/icons/es/utils";
import type { ClientConfig } from "@precis/contract/client-config";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ConfigProvider } from "antd";
import { type ReactNode, useContext, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { AppStateProvider } from "@/app/app-state-provider";
import { formConfig, theme } from "@/app/theme";
import { getCurrentLanguage } from "@/i18n";
import { getAntdLocale } from "@/i18n/antd-locale";
import { antdStylesAreBuilt } from "@/lib/antd-stylesheet";
import { ClientConfigProvider } from "@/lib/client-config";

/*
 * Every antd icon, as it mounts, searches <head> for the icons' stylesheet and re-inserts it: tens
 * of milliseconds of main-thread work per page on a phone. The stylesheet goes in once, here, and
 * the icons are told so (their "zero runtime" mode).
 */
export const ICON_STYLESHEET_SOURCE = "@ant-design/icons";
// A prerendered page already has it (the server adds it); there is no document on the server.
if (typeof document !== "undefined" && !document.querySelector(`style[data-source="${ICON_STYLESHEET_SOURCE}"]`)) {
  const iconStylesheet = document.createElement("style");
  iconStylesheet.dataset.source = ICON_STYLESHEET_SOURCE;
  iconStylesheet.textContent = iconStyles;
  document.head.prepend(iconStylesheet);
}

function IconsWithStaticStyles({ children }: { children: ReactNode }) {
  const iconSettings = useContext(IconContext);
  const value = useMemo(() => ({ ...iconSettings, zeroRuntime: true }), [iconSettings]);
  return <IconProvider value={value}>{children}</IconProvider>;
}

/** In the browser's build, antd's components take their styles from a stylesheet made with this theme instead of generating them (decision 033). */
const appTheme = antdStylesAreBuilt ? { ...theme, zeroRuntime: true } : theme;

/** antd theme and locale; re-renders on a language switch because useTranslation subscribes to it. */
export function UiProvider({ children }: { children: ReactNode }) {
  useTranslation();
  return (
    <ConfigProvider theme={appTheme} form={formConfig} locale={getAntdLocale(getCurrentLanguage())}>
      <IconsWithStaticStyles>{children}</IconsWithStaticStyles>
    </ConfigProvider>
  );
}

/** The query client comes from main.tsx, which starts the first reads before anything renders. */
export function AppProviders({
  config,
  queryClient,
  children,
}: {
  config: ClientConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ClientConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <UiProvider>
          <AppStateProvider>{children}</AppStateProvider>
        </UiProvider>
      </QueryClientProvider>
    </ClientConfigProvider>
  );
}
