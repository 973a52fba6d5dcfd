import "./sso.css";
import { GoogleOutlined, LoadingOutlined, WindowsOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { UnavailableReason } from "@/features/sso/hooks/use-configured-firebase";
import type { SsoProviderName } from "@/features/sso/lib/firebase-sign-in";

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
 * forms' submit buttons do) and the running one shows a spinner.
 */
export function ProviderButtons({ unavailableReason, pendingProvider, onChoose }: ProviderButtonsProps) {
  const { t } = useTranslation("sso");
  const noteId = useId();
  const isDisabled = unavailableReason !== null;
  // The configuration arrives in a moment: no note for that, so the page does not jump.
  const note = unavailableReason === "loading" ? null : unavailableReason;
  return (
    <div className="sso-buttons" aria-busy={unavailableReason === "loading"}>
      {providers.map(({ name, icon: Icon, labelKey }) => (
        <Button
          key={name}
          size="large"
          block
          disabled={isDisabled}
          aria-describedby={note ? noteId : undefined}
          aria-disabled={pendingProvider !== null}
          aria-busy={pendingProvider === name}
          icon={pendingProvider === name ? <LoadingOutlined spin aria-hidden="true" /> : <Icon aria-hidden="true" />}
          onClick={() => {
            if (pendingProvider === null) onChoose(name);
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
