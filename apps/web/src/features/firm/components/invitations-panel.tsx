import { MailOutlined } from "@ant-design/icons";
import { type FirmInvitation, INVITATION_VALID_DAYS, invitationRoles } from "@precis/contract/firms";
import { Form, Input, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { ConfirmDialog, useConfirmation } from "@/components/confirm-dialog";
import { NativeSelect } from "@/components/native-select";
import { PanelNews, usePanelNews } from "@/components/panel-news";
import { PanelSection } from "@/components/panel-section";
import { SmartLink } from "@/components/smart-link";
import { VerticalForm } from "@/components/vertical-form";
import { getCurrentLanguage } from "@/i18n";
import { formatDateTime } from "@/lib/format-date";
import type { ConfirmIdentityThen } from "../api/firm-query-key";
import { useFirmInvitations } from "../api/get-firm-invitations";
import { useInviteToFirm } from "../api/invite-to-firm";
import { useRevokeInvitation } from "../api/revoke-invitation";
import { FirmFailureNotice, isSeatsFull, useFirmFailure } from "./firm-failure";
import { FirmList, FirmRow, InlineSubmit } from "./panel-parts";

type InviteValues = { email: string; role: (typeof invitationRoles)[number] };

/** Issue 44's invitations: invite an address with a role; the open ones with their expiry, to resend or revoke. */
export function InvitationsPanel({ confirmIdentityThen }: { confirmIdentityThen: ConfirmIdentityThen }) {
  const { t } = useTranslation("firm");
  const [form] = Form.useForm<InviteValues>();
  const invitationsQuery = useFirmInvitations();
  const inviteMutation = useInviteToFirm({ confirmIdentityThen });
  const revokeMutation = useRevokeInvitation();
  const { news, announce, newsRef } = usePanelNews();
  const { failure, showFailure, clearFailure } = useFirmFailure();
  // The invitation being resent, so that only its row's button shows the request running (not the form's).
  const [resendingId, setResendingId] = useState<number | null>(null);
  const language = getCurrentLanguage();

  const invite = ({ email, role }: InviteValues) => {
    if (inviteMutation.isPending) return;
    clearFailure();
    setResendingId(null);
    inviteMutation.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (invitation) => {
          form.resetFields();
          announce(t("invitations.sentNews", { email: invitation.email }));
        },
        onError: (error) => {
          showFailure(error);
          form.focusField("email");
        },
      },
    );
  };

  const resend = (invitation: FirmInvitation) => {
    if (inviteMutation.isPending) return;
    clearFailure();
    setResendingId(invitation.id);
    inviteMutation.mutate(
      { email: invitation.email, role: invitation.role },
      { onSuccess: () => announce(t("invitations.resentNews", { email: invitation.email })), onError: showFailure },
    );
  };

  const revocation = useConfirmation((invitation: FirmInvitation) => {
    clearFailure();
    revokeMutation.mutate(invitation.id, {
      onSuccess: () => announce(t("invitations.revokedNews", { email: invitation.email }), { focus: true }),
      onError: showFailure,
    });
  });

  const invitations = invitationsQuery.data?.invitations ?? [];
  const list = (
    <FirmList
      query={invitationsQuery}
      rows={2}
      items={invitations}
      label={t("invitations.listLabel")}
      empty={{ icon: MailOutlined, text: t("invitations.empty") }}
      renderItem={(invitation) => (
        <FirmRow
          key={invitation.id}
          title={
            <>
              <span className="firm-row-name">{invitation.email}</span>
              <Tag>{t(`roles.${invitation.role}`)}</Tag>
              {invitation.isExpired && <Tag color="error">{t("invitations.expired")}</Tag>}
            </>
          }
          details={
            <>
              <span>{t("invitations.sent", { date: formatDateTime(invitation.sentAt, language) })}</span>
              <span>
                {invitation.isExpired
                  ? t("invitations.expiredOn", { date: formatDateTime(invitation.expiresAt, language) })
                  : t("invitations.expiresOn", { date: formatDateTime(invitation.expiresAt, language) })}
              </span>
            </>
          }
          actions={
            <>
              <BusyButton
                isBusy={inviteMutation.isPending && resendingId === invitation.id}
                aria-label={t("invitations.resendLabel", { email: invitation.email })}
                onClick={() => resend(invitation)}
              >
                {t("invitations.resend")}
              </BusyButton>
              <BusyButton
                danger
                isBusy={revokeMutation.isPending && revokeMutation.variables === invitation.id}
                aria-label={t("invitations.revokeLabel", { email: invitation.email })}
                onClick={() => revocation.ask(invitation)}
              >
                {t("invitations.revoke")}
              </BusyButton>
            </>
          }
        />
      )}
    />
  );

  return (
    <PanelSection
      look="firm-card"
      heading={t("invitations.heading")}
      intro={t("invitations.intro", { days: INVITATION_VALID_DAYS })}
    >
      {failure && (
        <FirmFailureNotice
          key={failure.attempt}
          text={failure.text}
          // Every seat taken or held: the way to more, on the billing tab (read-only there for an admin).
          action={isSeatsFull(failure.error) && <SmartLink href="/firm?tab=billing">{t("billing.addSeats")}</SmartLink>}
        />
      )}
      <VerticalForm<InviteValues>
        form={form}
        name="invite-to-firm"
        initialValues={{ role: "member" }}
        onFinish={invite}
        className="firm-inline-form"
      >
        <Form.Item
          label={t("invitations.email")}
          name="email"
          className="firm-field-grow"
          rules={[
            { required: true, whitespace: true, message: t("invitations.emailRequired") },
            { type: "email", message: t("invitations.emailInvalid") },
          ]}
        >
          <Input type="email" size="large" autoComplete="off" />
        </Form.Item>
        <Form.Item label={t("invitations.role")} name="role">
          <NativeSelect options={invitationRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
        </Form.Item>
        <InlineSubmit isBusy={inviteMutation.isPending && resendingId === null}>{t("invitations.send")}</InlineSubmit>
      </VerticalForm>
      <h3 className="firm-subheading">{t("invitations.pendingHeading")}</h3>
      {list}
      <PanelNews news={news} newsRef={newsRef} className="firm-news" />
      <ConfirmDialog
        open={revocation.pending !== null}
        title={t("invitations.revokeTitle", { email: revocation.pending?.email ?? "" })}
        description={t("invitations.revokeDescription")}
        confirmLabel={t("invitations.revoke")}
        cancelLabel={t("cancel")}
        onConfirm={revocation.confirm}
        onCancel={revocation.cancel}
      />
    </PanelSection>
  );
}
