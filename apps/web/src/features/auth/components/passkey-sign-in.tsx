import { KeyOutlined, LoadingOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLogInWithPasskey } from "@/features/auth/api/login-with-passkey";
import { FailureAlert } from "@/features/auth/components/failure-alert";
import { useGoTo } from "@/features/auth/hooks/use-go-to";
import type { Destination } from "@/features/auth/lib/destinations";
import { useIsHydrated } from "@/hooks/use-is-hydrated";
import { type Failure, getPasskeyLoginFailure } from "@/lib/account-errors";

/**
 * "Sign in with a passkey" on /login: the browser lists the passkeys it holds for this site, the chosen one names
 * the account, and the session opens with no second step. WebAuthn's code loads on the click (decision 033).
 */
export function PasskeySignIn({ destination }: { destination: Destination }) {
  const { t } = useTranslation("auth");
  const passkeyMutation = useLogInWithPasskey();
  const goTo = useGoTo();
  const isHydrated = useIsHydrated();
  const [failure, setFailure] = useState<{ failure: Failure; attempt: number } | null>(null);
  // Still busy after success while the next page loads.
  const isBusy = passkeyMutation.isPending || passkeyMutation.isSuccess;

  const signIn = () => {
    if (isBusy) return;
    setFailure(null);
    passkeyMutation.mutate(undefined, {
      onSuccess: () => goTo(destination),
      onError: (error) => setFailure({ failure: getPasskeyLoginFailure(error), attempt: Date.now() }),
    });
  };

  return (
    <>
      {failure && <FailureAlert key={failure.attempt} failure={failure.failure} />}
      <Button
        size="large"
        block
        className="auth-passkey"
        // Prerendered: a click before the app starts would be lost (decision 033).
        disabled={!isHydrated}
        aria-disabled={isBusy}
        aria-busy={!isHydrated || passkeyMutation.isPending}
        icon={
          passkeyMutation.isPending ? <LoadingOutlined spin aria-hidden="true" /> : <KeyOutlined aria-hidden="true" />
        }
        onClick={signIn}
      >
        {t("passkey.signIn")}
      </Button>
    </>
  );
}
