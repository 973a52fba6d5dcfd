import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { AccessNotice } from "@/components/access-notices";
import { SmartLink } from "@/components/smart-link";
import { useFirmSuggestion } from "../api/get-firm-suggestion";

// The offer's code (the join, the confirm-identity dialog, the firm schemas) loads only for the few it shows to.
const FirmSuggestionOffer = lazy(() =>
  import("./firm-suggestion-offer").then((module) => ({ default: module.FirmSuggestionOffer })),
);

/**
 * Issue 44's suggestion: a verified person with no firm, whose email domain a firm added in `suggest` mode, is told
 * their colleagues' firm uses Precis and may join it from Home. Asked only once Home is idle (`enabled`), so the
 * first screen waits for nothing; until the answer comes, or if it fails, nothing shows.
 */
export function FirmSuggestionCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("home");
  const firmQuery = useFirmSuggestion({ enabled });
  // The joined firm's name: once joined, the firm query names the firm and the suggestion is gone, but the
  // message that says so stays until the person leaves Home.
  const [joined, setJoined] = useState<string | null>(null);

  if (joined) {
    return (
      <AccessNotice
        type="success"
        className="firm-suggestion-joined"
        title={t("firmSuggestion.joined", { name: joined })}
        actions={<SmartLink href="/firm">{t("firmSuggestion.openFirm", { name: joined })}</SmartLink>}
      />
    );
  }
  const suggestion = firmQuery.data?.firm === null ? firmQuery.data.suggestion : null;
  if (!suggestion) return null;
  return (
    <Suspense fallback={null}>
      <FirmSuggestionOffer suggestion={suggestion} onJoined={setJoined} />
    </Suspense>
  );
}
