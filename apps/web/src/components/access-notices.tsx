import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { Notice } from "@/components/notice";

/*
 * Why an account's access waits, and what to do about it: home, the subscription page and the profile say
 * it alike. Few accounts see these, so their texts (the `access` namespace) load only when one shows, and
 * nothing stands in their place meanwhile.
 */

/** A password account whose address is not proven yet: its trial starts with the code. */
export function UnverifiedAccessNotice() {
  return (
    <Suspense fallback={null}>
      <UnverifiedAccessContent />
    </Suspense>
  );
}

function UnverifiedAccessContent() {
  const { t } = useTranslation("access");
  return (
    <Notice
      type="warning"
      role="status"
      className="access-notice"
      title={t("unverified.title")}
      description={
        <LinkButton type="primary" to="/verify-email">
          {t("unverified.enterCode")}
        </LinkButton>
      }
    />
  );
}

/**
 * A law student or faculty member on an address that is not a school's: the ordinary trial for now, and
 * the two ways to a school address (Google or Microsoft with Change email, or a code sent to it).
 */
export function StudentAccessNotice() {
  return (
    <Suspense fallback={null}>
      <StudentAccessContent />
    </Suspense>
  );
}

function StudentAccessContent() {
  const { t } = useTranslation("access");
  return (
    <Notice
      type="info"
      role="status"
      className="access-notice"
      title={t("student.title")}
      description={
        <>
          <p>{t("student.description")}</p>
          <div className="access-notice-actions">
            <LinkButton to="/change-email">{t("student.changeEmail")}</LinkButton>
            <LinkButton to="/verify-email#school">{t("student.verifySchoolAddress")}</LinkButton>
          </div>
        </>
      }
    />
  );
}
