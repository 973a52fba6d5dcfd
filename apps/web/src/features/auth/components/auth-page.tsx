import "./auth-page.css";
import type { ReactNode } from "react";
import { Link, ScrollRestoration } from "react-router";
import { LanguageSwitch } from "@/components/language-switch";
import { LogoMark } from "@/components/logo-mark";
import { useClientConfig } from "@/lib/client-config";

/**
 * The frame of the standalone account pages: a slim header (logo home link, language switch)
 * and a centred main area. No navbar or footer, so nothing competes with the form.
 */
export function AuthPage({ children }: { children: ReactNode }) {
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
      <main className="auth-main">{children}</main>
      <ScrollRestoration />
    </div>
  );
}
