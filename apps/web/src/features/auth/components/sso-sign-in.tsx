import { deriveSsoUsername } from "@precis/contract/account-rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSsoLogin } from "@/features/auth/api/sso-login";
import { ProviderButtons } from "@/features/auth/components/provider-buttons";
import { SsoFailureAlert } from "@/features/auth/components/sso-failure-alert";
import { useConfiguredFirebase } from "@/features/auth/hooks/use-configured-firebase";
import { useGoTo } from "@/features/auth/hooks/use-go-to";
import type { Destination } from "@/features/auth/lib/destinations";
import { type SsoProviderName, signInWithProvider, signOutOfFirebase } from "@/features/auth/lib/firebase-sign-in";
import { getSsoLoginFailure, type SsoErrorKey } from "@/features/auth/lib/sso-errors";
import { isApiRequestError } from "@/lib/api-client";

const SSO_REGISTER_PATH = "/sso/register";

/**
 * SPEC §2/§4 Login with Google or Microsoft, on /login and /register: the popup, then the server's
 * login. A known user goes to `destination`; an unknown one (404) to /sso/register with the email
 * and the username derived from the display name.
 */
export function SsoSignIn({ destination }: { destination: Destination }) {
  const { t } = useTranslation("sso");
  const { config, unavailableReason } = useConfiguredFirebase();
  const ssoLogin = useSsoLogin();
  const navigate = useNavigate();
  const goTo = useGoTo();
  const [pendingProvider, setPendingProvider] = useState<SsoProviderName | null>(null);
  const [failure, setFailure] = useState<{ key: SsoErrorKey; attempt: number } | null>(null);

  async function signIn(provider: SsoProviderName) {
    if (!config) return;
    setPendingProvider(provider);
    setFailure(null);
    try {
      const identity = await signInWithProvider(config, provider);
      try {
        await ssoLogin.mutateAsync(identity);
      } catch (error) {
        if (!isApiRequestError(error) || error.status !== 404) throw error;
        const query = new URLSearchParams({ email: identity.email, username: deriveSsoUsername(identity.displayName) });
        void navigate(`${SSO_REGISTER_PATH}?${query}`);
        return;
      }
      // The app's session is open; the Firebase one is no longer needed.
      signOutOfFirebase(config).catch(() => {});
      goTo(destination);
    } catch (error) {
      setFailure({ key: getSsoLoginFailure(error), attempt: Date.now() });
      setPendingProvider(null);
    }
  }

  return (
    <>
      {failure && <SsoFailureAlert key={failure.attempt} failure={failure.key} />}
      <ProviderButtons
        unavailableReason={unavailableReason}
        pendingProvider={pendingProvider}
        onChoose={(provider) => void signIn(provider)}
      />
      {/*
        antd's <Divider> look (auth-page.css): the component was 1.8 kB gzip of /login's first load. A
        paragraph rather than role="separator", whose contents screen readers skip: "or" tells them
        the choice.
      */}
      <p className="auth-divider">{t("buttons.separator")}</p>
    </>
  );
}
