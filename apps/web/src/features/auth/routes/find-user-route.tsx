import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { VerticalForm } from "@/components/vertical-form";
import { useFindUser } from "@/features/auth/api/find-user";
import { AuthCard } from "@/features/auth/components/auth-card";
import { AuthPage } from "@/features/auth/components/auth-page";
import { EmailField } from "@/features/auth/components/email-field";
import { FailureAlert } from "@/features/auth/components/failure-alert";
import { SubmitButton } from "@/features/auth/components/submit-button";
import { useAuthForm, useEmailFromQuery } from "@/features/auth/hooks/use-auth-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { getFindUserFailure } from "@/lib/account-errors";

type FindUserValues = { email: string };

/** product §2 Forgot password: asks for the registered email, which receives a security code. */
export function FindUserRoute() {
  const { t } = useTranslation("auth");
  const form = useAuthForm<FindUserValues>();
  useDocumentTitle(t("findUser.pageTitle"));
  const emailFromQuery = useEmailFromQuery();
  const navigate = useNavigate();
  const findUserMutation = useFindUser();

  const isBusy = findUserMutation.isPending || findUserMutation.isSuccess;
  const submit = ({ email }: FindUserValues) => {
    if (isBusy) return;
    const trimmedEmail = email.trim();
    findUserMutation.mutate(trimmedEmail, {
      onSuccess: () => void navigate(`/login/reset-password?${new URLSearchParams({ email: trimmedEmail })}`),
    });
  };

  return (
    <AuthPage>
      <AuthCard
        titleId="find-user-title"
        title={t("findUser.title")}
        intro={t("findUser.intro")}
        links={
          <p>
            <Link to="/login">{t("findUser.backToLogin")}</Link>
          </p>
        }
      >
        {findUserMutation.isError && (
          <FailureAlert key={findUserMutation.submittedAt} failure={getFindUserFailure(findUserMutation.error)} />
        )}

        <VerticalForm<FindUserValues>
          form={form}
          name="find-user"
          initialValues={{ email: emailFromQuery }}
          onFinish={submit}
        >
          <EmailField />
          <SubmitButton isBusy={isBusy}>{t("findUser.submit")}</SubmitButton>
        </VerticalForm>
      </AuthCard>
    </AuthPage>
  );
}
