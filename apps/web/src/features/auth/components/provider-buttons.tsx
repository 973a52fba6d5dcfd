import "./sso.css";
import { GoogleOutlined, LoadingOutlined, WindowsOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { UnavailableReason } from "@/features/auth/hooks/use-configured-firebase";
import type { SsoProviderName } from "@/features/auth/lib/firebase-sign-in";

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
