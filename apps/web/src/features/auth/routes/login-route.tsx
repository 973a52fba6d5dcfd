import { getGreetingName } from "@precis/contract/account-texts";
import { Form, Input } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Notice } from "@/components/notice";
import { VerticalForm } from "@/components/vertical-form";
import { isSecondFactorRequired, type LoginInput, useLogin } from "@/features/auth/api/login";
import { AuthCard } from "@/features/auth/components/auth-card";
import { AuthPage } from "@/features/auth/components/auth-page";
import { DestinationLink } from "@/features/auth/components/destination-link";
import { EmailField } from "@/features/auth/components/email-field";
import { FailureAlert } from "@/features/auth/components/failure-alert";
import { PasskeySignIn } from "@/features/auth/components/passkey-sign-in";
import { SecondFactorForm } from "@/features/auth/components/second-factor-form";
import { SsoSignIn } from "@/features/auth/components/sso-sign-in";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { useAuthForm } from "@/features/auth/hooks/use-auth-form";
import { useGoTo } from "@/features/auth/hooks/use-go-to";
import { getPostLoginDestination } from "@/features/auth/lib/destinations";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { usePrerenderedFormProps } from "@/hooks/use-prerendered-form-props";
import { getLoginFailure } from "@/lib/account-errors";
import { useAppState } from "@/lib/app-state";
import { useClientConfig } from "@/lib/client-config";

/** The password step's answer for an account with the authenticator app on: the second step is due. */
type SecondStep = { secondFactorToken: string; email: string };

/**
 * product §2 Login, with the query parameters email, ref and internal; and issue 27's second step (the
 * authenticator app's code, or a recovery code) and "Sign in with a passkey".
 */
export function LoginRoute() {
  const { t } = useTranslation(["auth", "common"]);
  const form = useAuthForm<LoginInput>();
  const prerenderedFormProps = usePrerenderedFormProps();
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  // The second step's token ran out (five minutes, five wrong codes): the password step says so.
  const [hasExpired, setHasExpired] = useState(false);
  // The email of a second step the person left, for the password form drawn again.
  const [returningEmail, setReturningEmail] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(t(secondStep ? "secondFactor.pageTitle" : "login.pageTitle"));
  const { productName, markers, links } = useClientConfig();
  const { profile, isCanLiiOrigin, setIsCanLiiOrigin } = useAppState();
  const [searchParams] = useSearchParams();
  const loginMutation = useLogin();
  const goTo = useGoTo();

  const ref = searchParams.get("ref");
  const prefilledEmail = searchParams.get("email") ?? "";
  const isFromCaseLawSite = ref === markers.caseLawRef;
  const isJustRegistered = searchParams.get("internal") === markers.internal;

  useEffect(() => {
    if (isFromCaseLawSite) setIsCanLiiOrigin(true);
  }, [isFromCaseLawSite, setIsCanLiiOrigin]);

  const destination = getPostLoginDestination({
    // The state update above lands after the first render; the query parameter counts at once.
    isCanLiiOrigin: isCanLiiOrigin || isFromCaseLawSite,
    ref,
    externalRedirectRef: markers.externalRedirectRef,
    externalRedirectUrl: links.externalRedirect,
  });

  // Still busy after success while the browser leaves for another site.
  const isBusy = loginMutation.isPending || (loginMutation.isSuccess && !secondStep);
  const submit = (values: LoginInput) => {
    // Enter in a field submits the form even while the button shows it is busy.
    if (isBusy) return;
    setHasExpired(false);
    loginMutation.mutate(values, {
      onSuccess: (response) => {
        if (isSecondFactorRequired(response)) {
          setSecondStep({ secondFactorToken: response.secondFactorToken, email: values.email.trim() });
          return;
        }
        goTo(destination);
      },
    });
  };

  /** Back to the password step (the person's choice, or an expired second step), the email kept. */
  const backToPassword = (isExpired: boolean) => {
    setReturningEmail(secondStep?.email ?? "");
    setSecondStep(null);
    setHasExpired(isExpired);
    loginMutation.reset();
  };

  // Once the password form is drawn again: its email stays, the password is typed again.
  useEffect(() => {
    if (returningEmail === null) return;
    form.setFieldsValue({ email: returningEmail, password: "" });
    form.focusField("password");
    setReturningEmail(null);
  }, [returningEmail, form]);

  useEffect(() => {
    // The page's heading changes with the step: focus starts from there for a screen reader… unless a field
    // took it (the code field does).
    if (secondStep && !titleRef.current?.parentElement?.contains(document.activeElement)) titleRef.current?.focus();
  }, [secondStep]);

  const showAlreadyLoggedIn = profile !== null && loginMutation.isIdle;

  if (secondStep) {
    return (
      <AuthPage>
        <AuthCard titleId="login-title" title={t("secondFactor.title")} titleRef={titleRef}>
          <SecondFactorForm
            secondFactorToken={secondStep.secondFactorToken}
            email={secondStep.email}
            onSignedIn={() => goTo(destination)}
            onExpired={() => backToPassword(true)}
            onBack={() => backToPassword(false)}
          />
        </AuthCard>
      </AuthPage>
    );
  }

  return (
    <AuthPage>
      <AuthCard
        titleId="login-title"
        title={t("login.title")}
        intro={t("login.intro", { productName, caseLawSite: t("common:caseLawSiteName") })}
        links={
          <p>
            {t("login.noAccount", { productName })} <Link to="/register">{t("login.createAccount")}</Link>
          </p>
        }
      >
        {showAlreadyLoggedIn && (
          <Notice
            type="info"
            role="status"
            className="auth-alert"
            title={t("login.alreadyLoggedIn", { name: getGreetingName(profile) })}
            description={<DestinationLink destination={destination}>{t("login.continue")}</DestinationLink>}
          />
        )}
        {prefilledEmail !== "" && (
          <Notice type="success" role="status" className="auth-alert" title={t("login.passwordReset")} />
        )}
        {isJustRegistered && (
          <Notice type="success" role="status" className="auth-alert" title={t("login.registered")} />
        )}
        {hasExpired && <FailureAlert failure={{ message: "signInExpired" }} />}
        {loginMutation.isError && (
          <FailureAlert
            key={loginMutation.submittedAt}
            failure={getLoginFailure(loginMutation.error)}
            email={form.getFieldValue("email")}
          />
        )}

        <PasskeySignIn destination={destination} />
        <SsoSignIn destination={destination} />

        <VerticalForm<LoginInput>
          form={form}
          name="login"
          {...prerenderedFormProps}
          initialValues={{ email: prefilledEmail }}
          onFinish={submit}
        >
          <EmailField />
          <Form.Item
            label={t("fields.password")}
            name="password"
            rules={[{ required: true, message: t("validation.passwordRequired") }]}
          >
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
          <p className="auth-forgot">
            <Link to="/login/find-user">{t("login.forgotPassword")}</Link>
          </p>
          <SubmitButton isBusy={isBusy}>{t("login.submit")}</SubmitButton>
        </VerticalForm>
      </AuthCard>
    </AuthPage>
  );
}
