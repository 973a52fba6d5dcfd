import "./firm-policy-notice.css";
import { SafetyCertificateOutlined } from "@ant-design/icons";
import type { PolicyReason } from "@precis/contract/subscription";
import { Typography } from "antd";
import { Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { useClientConfig } from "@/lib/client-config";

/** Where each firm rule is met: two-step verification is set up on the profile's Security tab. */
const REMEDY_PATH: Record<PolicyReason, string> = { twoStepRequired: "/profile/Security" };

/**
 * A firm member who does not meet a rule of their firm yet (issue 44: `access: "policy"`, e.g. two-step
 * verification required and no authenticator app or passkey): Home holds this instead of its usual content, since
 * the extension refuses their memos until they comply, and focus goes to it, so that a screen reader says it at
 * once. Few accounts see it: its texts (the `access` namespace) load only when it shows.
 */
export function FirmPolicyNotice(props: { reason: PolicyReason; firmName: string | null }) {
  return (
    <Suspense fallback={null}>
      <FirmPolicyContent {...props} />
    </Suspense>
  );
}

function FirmPolicyContent({ reason, firmName }: { reason: PolicyReason; firmName: string | null }) {
  const { t } = useTranslation("access");
  const { productName } = useClientConfig();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className="home-card firm-policy-notice" aria-labelledby="firm-policy-heading">
      <SafetyCertificateOutlined aria-hidden="true" className="firm-policy-icon" />
      <div className="firm-policy-body">
        <Typography.Title
          level={1}
          className="firm-policy-title"
          id="firm-policy-heading"
          ref={headingRef}
          tabIndex={-1}
        >
          {firmName ? t(`policy.${reason}.titleNamed`, { firm: firmName }) : t(`policy.${reason}.title`)}
        </Typography.Title>
        <Typography.Paragraph>{t(`policy.${reason}.description`, { productName })}</Typography.Paragraph>
        <LinkButton type="primary" size="large" to={REMEDY_PATH[reason]}>
          {t(`policy.${reason}.action`)}
        </LinkButton>
      </div>
    </section>
  );
}
