import { CheckCircleFilled } from "@ant-design/icons";
import { getRegistrationGreetingName } from "@precis/contract/account-texts";
import type { Occupation } from "@precis/contract/profile";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { DestinationLink } from "@/features/auth/components/destination-link";
import { useCountdown } from "@/features/auth/hooks/use-countdown";
import { useGoTo } from "@/features/auth/hooks/use-go-to";
import { getPostRegistrationDestination, SUBSCRIPTION_PATH } from "@/features/auth/lib/destinations";
import { getCurrentLanguage } from "@/i18n";
import { useClientConfig } from "@/lib/client-config";
import { formatDuration } from "@/lib/format-duration";

/** product §9: the registration-success redirect waits 5 seconds. */
const REDIRECT_SECONDS = 5;

/** product §2 Registration success: greeting, thanks, the email note, then a countdown to the next page. */
export function RegistrationSuccess({ name, email, role }: { name: string; email: string; role: Occupation }) {
  const { t } = useTranslation(["auth", "common"]);
  const { productName, links } = useClientConfig();
  const goTo = useGoTo();
  const destination = getPostRegistrationDestination(role, links.caseLawSite);
  const secondsLeft = useCountdown({ steps: REDIRECT_SECONDS, intervalMs: 1000, onDone: () => goTo(destination) });

  // The form and its focused button are gone; start screen readers and keyboards at the heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const duration = formatDuration(secondsLeft, "second", getCurrentLanguage());
  const isGoingToSubscription = destination.kind === "app" && destination.path === SUBSCRIPTION_PATH;

  return (
    <section className="auth-card success-card" aria-labelledby="registration-success-title">
      <CheckCircleFilled aria-hidden="true" className="success-icon" />
      <h1 id="registration-success-title" ref={headingRef} tabIndex={-1} className="auth-title">
        {t("registrationSuccess.title")}
      </h1>
      <p>{t("registrationSuccess.greeting", { name: getRegistrationGreetingName(name) })}</p>
      <p>{t("registrationSuccess.thanks", { productName })}</p>
      <p>{t("registrationSuccess.emailSent", { email })}</p>
      <p>
        {isGoingToSubscription
          ? t("registrationSuccess.redirectingToSubscription", { duration })
          : t("registrationSuccess.redirectingToCaseLaw", { caseLawSite: t("common:caseLawSiteName"), duration })}
      </p>
      <p>
        {t("registrationSuccess.notRedirected")}{" "}
        <DestinationLink destination={destination}>{t("registrationSuccess.clickHere")}</DestinationLink>
      </p>
    </section>
  );
}
