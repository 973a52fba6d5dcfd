import "./sso.css";
import { GoogleOutlined, LoadingOutlined, WindowsOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSsoFailureAlert } from "@/features/auth/components/sso-failure-alert";
import { type UnavailableReason, useConfiguredFirebase } from "@/features/auth/hooks/use-configured-firebase";
import {
  type ConfiguredFirebase,
  type SsoIdentity,
  type SsoProviderName,
  signInWithProvider,
} from "@/features/auth/lib/firebase-sign-in";
import type { SsoErrorKey } from "@/features/auth/lib/sso-errors";

const providers = [
  { name: "google", icon: GoogleOutlined, labelKey: "buttons.google" },
  { name: "microsoft", icon: WindowsOutlined, labelKey: "buttons.microsoft" },
] as const satisfies readonly { name: SsoProviderName; icon: unknown; labelKey: string }[];

type ProviderButtonsProps = {
  /** Set when sign-in cannot start: the buttons are disabled and a note says why. */
  unavailableReason: UnavailableReason | null;
  /** The provider whose popup or server call is running; the buttons ignore clicks meanwhile. */
  pendingProvider: SsoProviderName | null;
  onChoose: (provider: SsoProviderName) => void;
};

/**
 * The Google and Microsoft buttons. While one runs, both stay focusable (`aria-disabled`, as the
 * forms' submit buttons do) and the running one shows a spinner. When sign-in cannot start they are
 * disabled, and a note says why.
 */
export function ProviderButtons({ unavailableReason: note, pendingProvider, onChoose }: ProviderButtonsProps) {
  const { t } = useTranslation("sso");
  const noteId = useId();
  const isBusy = pendingProvider !== null;
  return (
    <div className="sso-buttons">
      {providers.map(({ name, icon: Icon, labelKey }) => (
        <Button
          key={name}
          size="large"
          block
          disabled={note !== null}
          aria-describedby={note ? noteId : undefined}
          aria-disabled={isBusy}
          aria-busy={pendingProvider === name}
          icon={pendingProvider === name ? <LoadingOutlined spin aria-hidden="true" /> : <Icon aria-hidden="true" />}
          onClick={() => {
            if (!isBusy) onChoose(name);
          }}
        >
          {t(labelKey)}
        </Button>
      ))}
      {note && (
        <p id={noteId} className="sso-note">
          {t(`buttons.${note}`)}
        </p>
      )}
    </div>
  );
}

type ProviderSignInOptions = {
  /** Takes the identity the popup proved to the server; a throw is a failure of the attempt. */
  continueWith: (identity: SsoIdentity, config: ConfiguredFirebase) => Promise<void>;
  /** The failure to show for an error of either step, or null to show none (the page handled it). */
  toFailure: (error: unknown) => SsoErrorKey | null;
};

/**
 * The provider buttons of a page (login and registration, change of email) with what they keep: which
 * provider's popup or server call runs, and the last failure's alert. A choice opens the provider's popup and
 * hands the identity it proves on; the buttons stay busy once that succeeds, while the page is left or replaced,
 * and a failure of either step frees them for another try.
 */
export function useProviderSignIn({ continueWith, toFailure }: ProviderSignInOptions) {
  const { config, unavailableReason } = useConfiguredFirebase();
  const [pendingProvider, setPendingProvider] = useState<SsoProviderName | null>(null);
  const { failureAlert, showFailure, clearFailure } = useSsoFailureAlert();

  async function signIn(provider: SsoProviderName) {
    if (!config) return;
    setPendingProvider(provider);
    clearFailure();
    try {
      await continueWith(await signInWithProvider(config, provider), config);
    } catch (error) {
      setPendingProvider(null);
      const failure = toFailure(error);
      if (failure) showFailure(failure);
    }
  }

  const providerButtons = (
    <ProviderButtons
      unavailableReason={unavailableReason}
      pendingProvider={pendingProvider}
      onChoose={(provider) => void signIn(provider)}
    />
  );
  return { unavailableReason, failureAlert, providerButtons };
}
