import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useRegister } from "@/features/auth/api/register";
import { AuthPage } from "@/features/auth/components/auth-page";
import { RegistrationForm, type RegistrationValues } from "@/features/auth/components/registration-form";
import { RegistrationSuccess } from "@/features/auth/components/registration-success";
import { WelcomePanel } from "@/features/auth/components/welcome-panel";
import { getPostLoginDestination } from "@/features/auth/lib/destinations";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { getCurrentLanguage } from "@/i18n";
import { getRegistrationFailure, type RegistrationStatus } from "@/lib/account-errors";
import { useAppState } from "@/lib/app-state";
import { useClientConfig } from "@/lib/client-config";

/**
 * product §2 Register and its welcome variant, then the registration success view in place of the
 * form. The status of product §4 follows the mutation: Idle, Loading, Success or an error state.
 */
export function RegistrationPage({ variant }: { variant: "register" | "welcome" }) {
  const { t } = useTranslation("auth");
  const { markers, links } = useClientConfig();
  const { profile, isCanLiiOrigin, setIsCanLiiOrigin } = useAppState();
  const [searchParams] = useSearchParams();
  const registerMutation = useRegister();

  const isFromCaseLawSite = searchParams.get("ref") === markers.caseLawAuth;
  useEffect(() => {
    if (isFromCaseLawSite) setIsCanLiiOrigin(true);
  }, [isFromCaseLawSite, setIsCanLiiOrigin]);

  const failure = registerMutation.isError ? getRegistrationFailure(registerMutation.error) : null;
  let status: RegistrationStatus = failure?.status ?? "idle";
  if (registerMutation.isPending) status = "loading";
  else if (registerMutation.isSuccess) status = "success";

  let pageTitle = variant === "welcome" ? t("welcome.pageTitle") : t("register.pageTitle");
  if (status === "success") pageTitle = t("registrationSuccess.pageTitle");
  useDocumentTitle(pageTitle);

  const submit = ({ terms: _terms, name, ...details }: RegistrationValues) => {
    if (status === "loading") return;
    registerMutation.mutate({ ...details, ...(name ? { name } : {}), language: getCurrentLanguage() });
  };

  const submitted = registerMutation.variables;
  if (status === "success" && registerMutation.data && submitted) {
    // The new session's profile has the username the server chose when none was given.
    const name = profile?.firstName || profile?.name || submitted.firstName || submitted.name || "";
    return (
      <AuthPage>
        <RegistrationSuccess
          name={name}
          email={submitted.email}
          role={registerMutation.data.Role ?? submitted.role ?? "lawyer"}
        />
      </AuthPage>
    );
  }

  const form = (
    <RegistrationForm
      titleLevel={variant === "welcome" ? 2 : 1}
      isBesideWelcomePanel={variant === "welcome"}
      failure={failure}
      failureKey={registerMutation.submittedAt}
      isBusy={status === "loading"}
      onSubmit={submit}
      onInvalid={registerMutation.reset}
      ssoDestination={getPostLoginDestination({
        isCanLiiOrigin: isCanLiiOrigin || isFromCaseLawSite,
        ref: null,
        externalRedirectRef: markers.externalRedirectRef,
        externalRedirectUrl: links.externalRedirect,
      })}
    />
  );

  return (
    <AuthPage>
      {variant === "welcome" ? (
        <div className="welcome-layout">
          <WelcomePanel />
          {form}
        </div>
      ) : (
        form
      )}
    </AuthPage>
  );
}
