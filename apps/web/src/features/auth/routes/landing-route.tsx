import "@/features/auth/components/auth-page.css";
import { CheckCircleFilled } from "@ant-design/icons";
import { getGreetingName } from "@precis/contract/account-texts";
import { Button, Checkbox, Progress, Typography } from "antd";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { DestinationLink } from "@/features/auth/components/destination-link";
import { useCountdown } from "@/features/auth/hooks/use-countdown";
import { useExtensionHandoff } from "@/features/auth/hooks/use-extension-handoff";
import { useGoTo } from "@/features/auth/hooks/use-go-to";
import { toDestination } from "@/features/auth/lib/destinations";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useAppState } from "@/lib/app-state";
import { useClientConfig } from "@/lib/client-config";

/** product §9: about 5 steps of 800 ms. */
const COUNTDOWN_STEPS = 5;
const COUNTDOWN_STEP_MS = 800;

/**
 * product §2 Logged-in landing (/greet, /redirect): a short countdown, then back to the case-law
 * site. The shell shows the not-logged-in box instead to a visitor without a session. Meanwhile the
 * session is handed to the Precis extension, when the browser has it (decision 028).
 */
export function LandingRoute() {
  const { t } = useTranslation(["auth", "common"]);
  useDocumentTitle(t("landing.pageTitle"));
  const { links, productName } = useClientConfig();
  const { profile } = useAppState();
  const goTo = useGoTo();
  const destination = toDestination(links.caseLawSite);
  const extension = useExtensionHandoff();
  // Leaving the page would cut a handoff short; it ends within seconds, answered or not. Once: by the countdown or
  // by Continue, whichever comes first.
  const hasLeft = useRef(false);
  const leave = () => {
    if (hasLeft.current) return;
    hasLeft.current = true;
    void extension.whenSettled().then(() => goTo(destination));
  };
  // The extension's first sign-in in this browser asks whether to keep it signed in: the page waits for the answer.
  const isAwaitingChoice = extension.isSignedIn && !extension.hasChosen;
  const stepsLeft = useCountdown({
    steps: COUNTDOWN_STEPS,
    intervalMs: COUNTDOWN_STEP_MS,
    onDone: leave,
    isPaused: isAwaitingChoice,
  });

  const name = profile ? getGreetingName(profile) : "";
  if (!profile) return null;
  const caseLawSite = t("common:caseLawSiteName");

  return (
    <section className="home-card landing-card" aria-labelledby="landing-title">
      <h1 id="landing-title">{t("landing.title", { caseLawSite })}</h1>
      <Progress
        type="circle"
        percent={((COUNTDOWN_STEPS - stepsLeft) / COUNTDOWN_STEPS) * 100}
        format={() => stepsLeft}
        size={120}
        aria-label={t("landing.countdownLabel")}
      />
      <Typography.Paragraph className="landing-welcome">{t("landing.welcome", { name })}</Typography.Paragraph>
      <Typography.Paragraph className="session-note">
        <CheckCircleFilled aria-hidden="true" className="session-icon" />
        <span>{t("landing.sessionActive")}</span>
      </Typography.Paragraph>
      {/* Present from the start, so screen readers announce the extension's answer when it comes. */}
      <div role="status" className="session-note extension-status">
        {extension.isSignedIn ? (
          <>
            <CheckCircleFilled aria-hidden="true" className="session-icon" />
            <span>{t("landing.extensionSignedIn", { productName })}</span>
          </>
        ) : null}
      </div>
      {extension.isSignedIn ? (
        <Checkbox
          className="extension-keep-signed-in"
          checked={extension.keepSignedIn}
          onChange={(event) => extension.changeKeepSignedIn(event.target.checked)}
        >
          {t("landing.keepExtensionSignedIn")}
        </Checkbox>
      ) : null}
      {isAwaitingChoice ? (
        <div className="landing-continue">
          <Button
            type="primary"
            onClick={() => {
              extension.confirmChoice();
              leave();
            }}
          >
            {t("landing.continue", { caseLawSite })}
          </Button>
        </div>
      ) : null}
      <Typography.Paragraph>
        {t("landing.notRedirected")}{" "}
        <DestinationLink destination={destination}>{t("landing.clickHere")}</DestinationLink>
      </Typography.Paragraph>
    </section>
  );
}
