import type { Occupation } from "@precis/contract/profile";
import { Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Notice } from "@/components/notice";
import { VerticalForm } from "@/components/vertical-form";
import { useSsoRegister } from "@/features/auth/api/sso-register";
import { AuthCard } from "@/features/auth/components/auth-card";
import { AuthPage } from "@/features/auth/components/auth-page";
import { OccupationField, TermsField } from "@/features/auth/components/registration-fields";
import { RegistrationSuccess } from "@/features/auth/components/registration-success";
import { useSsoFailureAlert } from "@/features/auth/components/sso-failure-alert";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { useAuthForm } from "@/features/auth/hooks/use-auth-form";
import { useConfiguredFirebase } from "@/features/auth/hooks/use-configured-firebase";
import { getSignedInIdentity, signOutOfFirebase } from "@/features/auth/lib/firebase-sign-in";
import { getSsoRegisterFailure } from "@/features/auth/lib/sso-errors";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useAppState } from "@/lib/app-state";
import { useClientConfig } from "@/lib/client-config";

type ConfirmationValues = { role: Occupation; terms: boolean };

/**
 * product §2 SSO registration confirmation. The visitor arrives from a Google or Microsoft sign-in
 * that found no account; the same sign-in (kept for this tab) proves the email when the account
 * is created, and the success view then redirects by occupation as email registration does.
 */
export function SsoRegisterRoute() {
  const { t } = useTranslation(["sso", "auth"]);
  const { productName } = useClientConfig();
  const { profile } = useAppState();
  const [searchParams] = useSearchParams();
  const email = searchParams.get("email")?.trim() ?? "";
  const username = searchParams.get("username") ?? "";
  const { config } = useConfiguredFirebase();
  const registerMutation = useSsoRegister();
  const [isBusy, setIsBusy] = useState(false);
  const { failureAlert, showFailure, clearFailure } = useSsoFailureAlert();
  const [hasSignInEnded, setHasSignInEnded] = useState(false);
  const form = useAuthForm<ConfirmationValues>();

  const submitted = registerMutation.variables;
  const isRegistered = registerMutation.isSuccess && submitted !== undefined;
  useDocumentTitle(isRegistered ? t("auth:registrationSuccess.pageTitle") : t("register.pageTitle"));

  async function submit({ role }: ConfirmationValues) {
    if (isBusy) return;
    setIsBusy(true);
    clearFailure();
    setHasSignInEnded(false);
    try {
      if (!config) {
        showFailure("unavailable");
        return;
      }
      const identity = await getSignedInIdentity(config, email);
      if (!identity) {
        setHasSignInEnded(true);
        return;
      }
      await registerMutation.mutateAsync({ email, idToken: identity.idToken, role });
      signOutOfFirebase(config).catch(() => {});
    } catch (error) {
      showFailure(getSsoRegisterFailure(error));
    } finally {
      setIsBusy(false);
    }
  }

  if (isRegistered) {
    return (
      <AuthPage>
        <RegistrationSuccess
          name={profile?.firstName || profile?.name || username}
          email={submitted.email}
          role={registerMutation.data.Role ?? submitted.role}
        />
      </AuthPage>
    );
  }

  return (
    <AuthPage>
      <AuthCard
        titleId="sso-register-title"
        title={t("register.title")}
        intro={email === "" ? undefined : t("register.intro", { productName })}
      >
        {email === "" ? (
          <BackToLoginNotice type="info" role="status" title={t("register.noEmail")} />
        ) : (
          <>
            {failureAlert}
            {hasSignInEnded && <BackToLoginNotice type="warning" role="alert" title={t("register.signInEnded")} />}
            <VerticalForm<ConfirmationValues>
              form={form}
              name="sso-register"
              initialValues={{ role: "lawyer", terms: false }}
              onFinish={(values) => void submit(values)}
            >
              <Form.Item label={t("register.email")} htmlFor="sso-register-email">
                <Input id="sso-register-email" type="email" size="large" variant="filled" value={email} readOnly />
              </Form.Item>
              <OccupationField />
              <TermsField requiredMessage={t("register.termsRequired")} />
              <SubmitButton isBusy={isBusy}>{t("register.submit")}</SubmitButton>
            </VerticalForm>
          </>
        )}
      </AuthCard>
    </AuthPage>
  );
}

/** A notice that ends the confirmation here (no email, or the sign-in is over), with the way back to login. */
function BackToLoginNotice({
  type,
  role,
  title,
}: {
  type: "info" | "warning";
  role: "status" | "alert";
  title: string;
}) {
  const { t } = useTranslation("sso");
  return (
    <Notice
      type={type}
      role={role}
      className="auth-alert"
      title={title}
      description={
        <Link to="/login" replace>
          {t("register.backToLogin")}
        </Link>
      }
    />
  );
}
