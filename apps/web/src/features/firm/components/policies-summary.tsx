import type { FirmPolicies } from "@precis/contract/firms";
import { useTranslation } from "react-i18next";

/** The firm's policies as a member reads them: what applies to their own sign-in and memos. */
export function PoliciesSummary({ policies }: { policies: FirmPolicies }) {
  const { t } = useTranslation("firm");
  const methods = policies.signInMethods.map((method) => t(`policies.methods.${method}`)).join(", ");
  return (
    <dl className="firm-definitions firm-summary">
      <div>
        <dt>{t("policies.twoStepHeading")}</dt>
        <dd>{t(policies.requireTwoStep ? "memberView.twoStepRequired" : "memberView.twoStepOptional")}</dd>
      </div>
      <div>
        <dt>{t("policies.signInHeading")}</dt>
        <dd>{methods}</dd>
      </div>
      <div>
        <dt>{t("policies.matterHeading")}</dt>
        <dd>
          {t(`policies.matterModes.${policies.matterCodes}`)}
          {policies.matterCodes !== "off" && policies.matterMask
            ? ` — ${t("memberView.mask", { mask: policies.matterMask })}`
            : ""}
        </dd>
      </div>
    </dl>
  );
}
