import { type ComponentType, type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { Notice } from "@/components/notice";

/*
 * Why an account's access waits, and what to do about it: home, the subscription page and the profile say
 * it alike. Few accounts see these, so their texts (the `access` namespace) load only when one shows, and
 * nothing stands in their place meanwhile.
 */

/**
 * A notice whose texts load only when it shows (`withLazyTexts(Content)`): nothing stands in its place meanwhile.
 * For the notices few accounts see, so that their catalogues stay out of everyone's first load.
 */
export function withLazyTexts<Props extends object>(Content: ComponentType<Props>) {
  return function LazyTextsNotice(props: Props) {
    return (
      <Suspense fallback={null}>
        <Content {...props} />
      </Suspense>
    );
  };
}

/**
 * A notice about an account's access, as home and the account pages draw them: its title, the sentence that
 * explains it when there is one, and the ways on (links drawn as buttons) below it.
 */
export function AccessNotice({
  type,
  className,
  title,
  description,
  actions,
}: {
  type: "info" | "warning" | "success";
  /** More classes, for a notice of its own look. */
  className?: string;
  title: ReactNode;
  description?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Notice
      type={type}
      role="status"
      className={className ? `access-notice ${className}` : "access-notice"}
      title={title}
      description={
        description === undefined ? (
          actions
        ) : (
          <>
            <p>{description}</p>
            <div className="access-notice-actions">{actions}</div>
          </>
        )
      }
    />
  );
}

/** A password account whose address is not proven yet: its trial starts with the code. */
export const UnverifiedAccessNotice = withLazyTexts(function UnverifiedAccessContent() {
  const { t } = useTranslation("access");
  return (
    <AccessNotice
      type="warning"
      title={t("unverified.title")}
      actions={
        <LinkButton type="primary" to="/verify-email">
          {t("unverified.enterCode")}
        </LinkButton>
      }
    />
  );
});

/**
 * A law student or faculty member on an address that is not a school's: the ordinary trial for now, and
 * the two ways to a school address (Google or Microsoft with Change email, or a code sent to it).
 */
export const StudentAccessNotice = withLazyTexts(function StudentAccessContent() {
  const { t } = useTranslation("access");
  return (
    <AccessNotice
      type="info"
      title={t("student.title")}
      description={t("student.description")}
      actions={
        <>
          <LinkButton to="/change-email">{t("student.changeEmail")}</LinkButton>
          <LinkButton to="/verify-email#school">{t("student.verifySchoolAddress")}</LinkButton>
        </>
      }
    />
  );
});
