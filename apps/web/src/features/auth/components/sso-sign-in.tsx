import { deriveSsoUsername } from "@precis/contract/account-rules";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSsoLogin } from "@/features/auth/api/sso-login";
import { useProviderSignIn } from "@/features/auth/components/provider-buttons";
import { useGoTo } from "@/features/auth/hooks/use-go-to";
import type { Destination } from "@/features/auth/lib/destinations";
import { signOutOfFirebase } from "@/features/auth/lib/firebase-sign-in";
import { getSsoLoginFailure } from "@/features/auth/lib/sso-errors";
import { isApiRequestError } from "@/lib/api-client";

const SSO_REGISTER_PATH = "/sso/register";

/**
 * product §2/§4 Login with Google or Microsoft, on /login and /register: the popup, then the server's
 * login. A known user goes to `destination`; an unknown one (404) to /sso/register with the email
 * and the username derived from the display name.
 */
export function SsoSignIn({ destination }: { destination: Destination }) {
  const { t } = useTranslation("sso");
  const ssoLogin = useSsoLogin();
  const navigate = useNavigate();
  const goTo = useGoTo();
  const { failureAlert, providerButtons } = useProviderSignIn({
    continueWith: async (identity, config) => {
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
    },
    toFailure: getSsoLoginFailure,
  });

  return (
    <>
      {failureAlert}
      {providerButtons}
      {/*
        antd's <Divider> look (auth-page.css): the component was 1.8 kB gzip of /login's first load. A
        paragraph rather than role="separator", whose contents screen readers skip: "or" tells them
        the choice.
      */}
      <p className="auth-divider">{t("buttons.separator")}</p>
    </>
  );
}
