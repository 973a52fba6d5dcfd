import { getGreetingName } from "@precis/contract/account-texts";
import { Form } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PasswordInput } from "@/components/inputs";
import { Notice } from "@/components/notice";
import { type LoginInput, useLogin } from "@/features/auth/api/login";
import { AuthPage } from "@/features/auth/components/auth-page";
import { DestinationLink } from "@/features/auth/components/destination-link";
import { EmailField } from "@/features/auth/components/email-field";
import { FailureAlert } from "@/features/auth/components/failure-alert";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { useGoTo } from "@/features/auth/hooks/use-go-to";
import { useRevalidateOnLanguageChange } from "@/features/auth/hooks/use-revalidate-on-language-change";
import { getLoginFailure } from "@/features/auth/lib/account-errors";
import { getPostLoginDestination } from "@/features/auth/lib/destinations";
import { SsoSignIn } from "@/features/sso/components/sso-sign-in";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { usePrerenderedFormProps } from "@/hooks/use-prerendered-form-props";
import { useAppState } from "@/lib/app-state";
import { useClientConfig } from "@/lib/client-config";

/** SPEC §2 Login, with the query parameters email, ref and internal. */
export function LoginRoute() {
  const { t } = useTranslation(["auth", "common"]);
  const [form] = Form.useForm<LoginInput>();
  const prerenderedFormProps = usePrerenderedFormProps();
  useRevalidateOnLanguageChange(form);
  useDocumentTitle(t("login.pageTitle"));
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
  const isBusy = loginMutation.isPending || loginMutation.isSuccess;
  const submit = (values: LoginInput) => {
    // Enter in a field submits the form even while the button shows it is busy.
    if (isBusy) return;
    loginMutation.mutate(values, { onSuccess: () => goTo(destination) });
  };
  const showAlreadyLoggedIn = profile !== null && loginMutation.isIdle;

  return (
    <AuthPage>
      <section className="auth-card" aria-labelledby="login-title">
        <h1 id="login-title" className="auth-title">
          {t("login.title")}
        </h1>
        <p className="auth-intro">{t("login.intro", { productName, caseLawSite: t("common:caseLawSiteName") })}</p>

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
        {loginMutation.isError && (
          <FailureAlert key={loginMutation.submittedAt} failure={getLoginFailure(loginMutation.error)} />
        )}

        <SsoSignIn destination={destination} />

        <Form<LoginInput>
          form={form}
          name="login"
          {...prerenderedFormProps}
          layout="vertical"
          requiredMark={false}
          initialValues={{ email: prefilledEmail }}
          onFinish={submit}
          scrollToFirstError={{ focus: true }}
        >
          <EmailField />
          <Form.Item
            label={t("fields.password")}
            name="password"
            rules={[{ required: true, message: t("validation.passwordRequired") }]}
          >
            <PasswordInput autoComplete="current-password" size="large" />
          </Form.Item>
          <p className="auth-forgot">
            <Link to="/login/find-user">{t("login.forgotPassword")}</Link>
          </p>
          <SubmitButton isBusy={isBusy}>{t("login.submit")}</SubmitButton>
        </Form>

        <div className="auth-links">
          <p>
            {t("login.noAccount", { productName })} <Link to="/register">{t("login.createAccount")}</Link>
          </p>
        </div>
      </section>
    </AuthPage>
  );
}
