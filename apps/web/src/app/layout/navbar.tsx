import { Layout } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitch } from "@/components/language-switch";
import { LinkButton } from "@/components/link-button";
import { LogoMark } from "@/components/logo-mark";
import { useClientConfig } from "@/lib/client-config";
import { useUserDetails } from "@/lib/get-user-details";

// Only a logged-in visitor sees it, and its dropdown menu is the heaviest part of the shell:
// anonymous readers of the documentation never download it.
const AccountMenu = lazy(() =>
  import("@/app/layout/account-menu").then(({ AccountMenu }) => ({ default: AccountMenu })),
);

export function Navbar() {
  const { t } = useTranslation("shell");
  const { productName } = useClientConfig();
  return (
    <Layout.Header className="app-header">
      <nav aria-label={t("mainNavigation")} className="app-nav">
        <Link to="/" className="brand">
          <LogoMark />
          <span className="brand-name">{productName}</span>
        </Link>
        <div className="nav-actions">
          <LanguageSwitch />
          <AccountArea />
        </div>
      </nav>
    </Layout.Header>
  );
}

function AccountArea() {
  const { t } = useTranslation("shell");
  const { data, isPending } = useUserDetails();
  // Nothing until we know: a Login button that turns into an avatar would flash for every user.
  if (isPending) return null;
  const profile = data?.userProfile;
  if (!profile) {
    return (
      <LinkButton type="primary" to="/login">
        {t("login")}
      </LinkButton>
    );
  }
  return (
    <Suspense fallback={null}>
      <AccountMenu profile={profile} />
    </Suspense>
  );
}
