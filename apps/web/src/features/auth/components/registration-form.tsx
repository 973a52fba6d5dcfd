import { PROFILE_TEXT_MAX_LENGTH, USERNAME_MAX_LENGTH } from "@precis/contract/account-rules";
import { type RegisterRequest, usernameSchema } from "@precis/contract/auth";
import type { Occupation } from "@precis/contract/profile";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthCard } from "@/features/auth/components/auth-card";
import { EmailField } from "@/features/auth/components/email-field";
import { FailureAlert } from "@/features/auth/components/failure-alert";
import { NewPasswordField } from "@/features/auth/components/new-password-field";
import { OccupationField, TermsField } from "@/features/auth/components/registration-fields";
import { SsoSignIn } from "@/features/auth/components/sso-sign-in";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { useAuthForm } from "@/features/auth/hooks/use-auth-form";
import type { Destination } from "@/features/auth/lib/destinations";
import { usePrerenderedFormProps } from "@/hooks/use-prerendered-form-props";
import type { RegistrationFailure } from "@/lib/account-errors";
import { useClientConfig } from "@/lib/client-config";
import { trimValue, useWithoutInvisibleCharactersRule } from "@/lib/form-rules";

export type RegistrationValues = Required<Pick<RegisterRequest, "email" | "password">> &
  Pick<RegisterRequest, "name" | "firstName" | "lastName" | "organization" | "areaOfLaw"> & {
    role: Occupation;
    terms: boolean;
  };

type RegistrationFormProps = {
  /** The page's h1, or an h2 under the welcome panel's h1. */
  titleLevel: 1 | 2;
  /** The welcome panel stands to the form's left: nothing may open over it. */
  isBesideWelcomePanel: boolean;
  failure: RegistrationFailure | null;
  /** Remounts the alert per attempt, so the same failure twice is announced twice. */
  failureKey: number;
  isBusy: boolean;
  onSubmit: (values: RegistrationValues) => void;
  /** A submit that failed the local checks goes back to Idle (product §4). */
  onInvalid: () => void;
  /** Where a returning user who chooses Google or Microsoft here goes once logged in. */
  ssoDestination: Destination;
};

/** product §2 Register: the "User Registration" form, its status messages and the SSO buttons. */
export function RegistrationForm({
  titleLevel,
  isBesideWelcomePanel,
  failure,
  failureKey,
  isBusy,
  onSubmit,
  onInvalid,
  ssoDestination,
}: RegistrationFormProps) {
  const { t } = useTranslation("auth");
  // A person's name holds nothing invisible, as the server checks (contract/auth.ts).
  const nameRules = [useWithoutInvisibleCharactersRule()];
  const form = useAuthForm<RegistrationValues>();
  const prerenderedFormProps = usePrerenderedFormProps();
  const { productName } = useClientConfig();

  return (
    <AuthCard
      titleId="register-title"
      title={t("register.title")}
      intro={t("register.intro", { productName })}
      titleLevel={titleLevel}
      className="auth-card-wide"
      links={
        <p>
          {t("register.haveAccount")} <Link to="/login">{t("register.login")}</Link>
        </p>
      }
    >
      {failure && <FailureAlert key={failureKey} failure={failure} />}

      <SsoSignIn destination={ssoDestination} />

      <Form<RegistrationValues>
        form={form}
        name="register"
        {...prerenderedFormProps}
        layout="vertical"
        // antd's own "optional" mark joins the label without a space ("Username(optional)" to
        // label matching); this one keeps the space and the catalogue's wording.
        requiredMark={(label, { required }) =>
          required ? (
            label
          ) : (
            <>
              {label} <span className="auth-optional">{t("fields.optional")}</span>
            </>
          )
        }
        initialValues={{ role: "lawyer", terms: false }}
        onFinish={onSubmit}
        onFinishFailed={onInvalid}
        scrollToFirstError={{ focus: true }}
      >
        <div className="auth-form-grid">
          <Form.Item
            label={t("fields.username")}
            name="name"
            normalize={trimValue}
            rules={[
              {
                validator: (_rule, value: unknown) =>
                  !value || usernameSchema.safeParse(value).success
                    ? Promise.resolve()
                    : Promise.reject(new Error(t("validation.usernameInvalid"))),
              },
            ]}
          >
            <Input autoComplete="username" size="large" maxLength={USERNAME_MAX_LENGTH} />
          </Form.Item>
          <EmailField />
          <NewPasswordField wording="registration" isBesideOtherContent={isBesideWelcomePanel} />
          <OccupationField />
          <Form.Item label={t("fields.firstName")} name="firstName" rules={nameRules}>
            <Input autoComplete="given-name" size="large" maxLength={PROFILE_TEXT_MAX_LENGTH.firstName} />
          </Form.Item>
          <Form.Item label={t("fields.lastName")} name="lastName" rules={nameRules}>
            <Input autoComplete="family-name" size="large" maxLength={PROFILE_TEXT_MAX_LENGTH.lastName} />
          </Form.Item>
          <Form.Item label={t("fields.organization")} name="organization">
            <Input autoComplete="organization" size="large" maxLength={PROFILE_TEXT_MAX_LENGTH.organization} />
          </Form.Item>
          <Form.Item label={t("fields.areaOfLaw")} name="areaOfLaw">
            <Input size="large" maxLength={PROFILE_TEXT_MAX_LENGTH.areaOfLaw} />
          </Form.Item>
          <TermsField className="auth-span-all" requiredMessage={t("validation.termsRequired")} />
        </div>
        <SubmitButton isBusy={isBusy}>{t("register.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
