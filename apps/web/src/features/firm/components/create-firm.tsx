import { TeamOutlined } from "@ant-design/icons";
import { Form } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { useConfirmIdentity } from "@/components/confirm-identity";
import { LinkButton } from "@/components/link-button";
import { Notice } from "@/components/notice";
import { VerticalForm } from "@/components/vertical-form";
import { useAppState } from "@/lib/app-state";
import { useCreateFirm } from "../api/create-firm";
import { useJoinFirmByDomain } from "../api/join-by-domain";
import { getFirmFailure } from "../lib/firm-errors";
import { FirmFailureNotice, useFirmFailure, useFirmFailureText } from "./firm-failure";
import { FirmNameField } from "./panel-parts";

type NameValues = { name: string };

/** The firm-less state: what a firm gives, the firm the person's domain suggests (if any), and the creation form. */
export function CreateFirm({ suggestion }: { suggestion: { firmId: number; name: string } | null }) {
  const { t } = useTranslation("firm");
  const { profile } = useAppState();
  const [form] = Form.useForm<NameValues>();
  const createMutation = useCreateFirm();
  const failureText = useFirmFailureText();
  const [failure, setFailure] = useState<{ text: string; attempt: number; needsVerification: boolean } | null>(null);
  const isVerified = profile?.emailVerified ?? false;
  const { confirmIdentityThen, dialog } = useConfirmIdentity();
  const joinMutation = useJoinFirmByDomain({ confirmIdentityThen });
  const { failure: joinFailure, showFailure: showJoinFailure, clearFailure: clearJoinFailure } = useFirmFailure();

  // The suggested firm takes the person in; on success the firm query refreshes and the workspace replaces this.
  const join = (firmId: number) => {
    if (joinMutation.isPending) return;
    clearJoinFailure();
    joinMutation.mutate(firmId, {
      onError: showJoinFailure,
    });
  };

  const create = ({ name }: NameValues) => {
    if (createMutation.isPending) return;
    setFailure(null);
    createMutation.mutate(name.trim(), {
      onError: (error) => {
        setFailure({
          text: failureText(error),
          attempt: Date.now(),
          needsVerification: getFirmFailure(error).key === "emailNotVerified",
        });
        form.focusField("name");
      },
    });
  };

  return (
    <div className="firm-card firm-empty">
      <TeamOutlined aria-hidden="true" className="firm-empty-icon" />
      <h1 className="firm-title">{t("create.title")}</h1>
      <p className="firm-intro">{t("create.intro")}</p>
      <ul className="firm-bullets">
        <li>{t("create.bulletRoles")}</li>
        <li>{t("create.bulletInvite")}</li>
        <li>{t("create.bulletPolicies")}</li>
        <li>{t("create.bulletAccounts")}</li>
      </ul>
      {suggestion && (
        <div className="firm-suggestion">
          <Notice
            type="info"
            role="status"
            className="firm-alert"
            title={t("create.suggestionTitle", { name: suggestion.name })}
            description={t("create.suggestionDescription", { name: suggestion.name })}
          />
          {joinFailure && <FirmFailureNotice key={joinFailure.attempt} text={joinFailure.text} />}
          <BusyButton
            type="primary"
            size="large"
            isBusy={joinMutation.isPending}
            onClick={() => join(suggestion.firmId)}
          >
            {t("create.suggestionJoin", { name: suggestion.name })}
          </BusyButton>
        </div>
      )}
      {!isVerified ? (
        <div className="firm-verify-first">
          <Notice type="warning" role="status" className="firm-alert" title={t("create.verifyFirst")} />
          <LinkButton type="primary" size="large" to="/verify-email">
            {t("create.verifyAction")}
          </LinkButton>
        </div>
      ) : (
        <VerticalForm<NameValues> form={form} name="create-firm" onFinish={create} className="firm-create-form">
          {failure && <FirmFailureNotice key={failure.attempt} text={failure.text} />}
          <FirmNameField extra={t("create.nameHelp")} />
          <BusyButton type="primary" htmlType="submit" size="large" isBusy={createMutation.isPending}>
            {t("create.submit")}
          </BusyButton>
        </VerticalForm>
      )}
      {dialog}
    </div>
  );
}
