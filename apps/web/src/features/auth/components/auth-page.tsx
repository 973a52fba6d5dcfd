import "./auth-page.css";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, ScrollRestoration } from "react-router";
import { LanguageSwitch } from "@/components/language-switch";
import { LogoMark } from "@/components/logo-mark";
import { Notice } from "@/components/notice";
import { useClientConfig } from "@/lib/client-config";

/**
 * The frame of the standalone account pages: a slim header (logo home link, language switch)
 * and a centred main area. No navbar or footer, so nothing competes with the form.
 * Login and registration arrive prerendered, their forms held until the app starts (decision 033):
 * without JavaScript it never does, so those visitors are told why.
 */
export function AuthPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  const { productName } = useClientConfig();
  return (
    <div className="auth-page">
      <header className="auth-header">
        <Link to="/" className="brand">
          <LogoMark />
          <span className="brand-name">{productName}</span>
        </Link>
        <LanguageSwitch />
      </header>
      <main className="auth-main">
        <noscript>
          <Notice type="warning" role="status" className="auth-noscript" title={t("javaScriptRequired")} />
        </noscript>
        {children}
      </main>
      <ScrollRestoration />
    </div>
  );
}
