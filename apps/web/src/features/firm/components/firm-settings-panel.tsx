import type { Firm } from "@precis/contract/firms";
import { Button, Form, Input, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { PanelNews, usePanelNews } from "@/components/panel-news";
import { PanelSection } from "@/components/panel-section";
import { VerticalForm } from "@/components/vertical-form";
import { useDeleteFirm } from "../api/delete-firm";
import type { ConfirmIdentityThen } from "../api/firm-query-key";
import { useFirmMembers } from "../api/get-firm-members";
import { useUpdateFirm } from "../api/update-firm";
import { FirmFailureNotice, useFirmFailure } from "./firm-failure";
import { LeaveFirm } from "./leave-firm";
import { FirmNameField, InlineSubmit } from "./panel-parts";

/** The firm itself: its name (owners and admins), leaving it (anyone but the last owner), closing it (owners). */
export function FirmSettingsPanel({
  firm,
  confirmIdentityThen,
}: {
  firm: Firm;
  confirmIdentityThen: ConfirmIdentityThen;
}) {
  const { t } = useTranslation("firm");
  const isAdmin = firm.role === "owner" || firm.role === "admin";
  const isOwner = firm.role === "owner";
  // Only an owner can be the last one; a member may not read the list, and needs no count.
  const membersQuery = useFirmMembers({ enabled: isOwner });
  const ownerCount = membersQuery.data?.members.filter((member) => member.role === "owner").length ?? 0;

  return (
    <>
      {isAdmin && <RenameFirm firm={firm} />}
      <PanelSection look="firm-card" heading={t("leave.heading")} intro={t("leave.intro")}>
        {isOwner && !membersQuery.data ? null : (
          <LeaveFirm firmName={firm.name} isLastOwner={isOwner && ownerCount <= 1} />
        )}
      </PanelSection>
      {isOwner && <DeleteFirm firm={firm} confirmIdentityThen={confirmIdentityThen} />}
    </>
  );
}

type NameValues = { name: string };

function RenameFirm({ firm }: { firm: Firm }) {
  const { t } = useTranslation("firm");
  const [form] = Form.useForm<NameValues>();
  // A rename asks for no step-up: it reaches nobody's account.
  const updateMutation = useUpdateFirm({ confirmIdentityThen: (action) => action() });
  const { news, announce, newsRef } = usePanelNews();
  const { failure, showFailure, clearFailure } = useFirmFailure();

  const rename = ({ name }: NameValues) => {
    if (updateMutation.isPending) return;
    clearFailure();
    updateMutation.mutate(
      { name: name.trim() },
      {
        onSuccess: (response) => announce(t("settings.renamedNews", { name: response.firm?.name ?? name })),
        onError: (error) => {
          showFailure(error);
          form.focusField("name");
        },
      },
    );
  };

  return (
    <PanelSection look="firm-card" heading={t("settings.heading")}>
      {failure && <FirmFailureNotice key={failure.attempt} text={failure.text} />}
      <VerticalForm<NameValues>
        form={form}
        name="rename-firm"
        initialValues={{ name: firm.name }}
        onFinish={rename}
        className="firm-inline-form"
      >
        <FirmNameField className="firm-field-grow" />
        <InlineSubmit isBusy={updateMutation.isPending}>{t("settings.rename")}</InlineSubmit>
      </VerticalForm>
      <PanelNews news={news} newsRef={newsRef} className="firm-news" />
    </PanelSection>
  );
}

type ConfirmValues = { name: string };

function DeleteFirm({ firm, confirmIdentityThen }: { firm: Firm; confirmIdentityThen: ConfirmIdentityThen }) {
  const { t } = useTranslation("firm");
  const [form] = Form.useForm<ConfirmValues>();
  const deleteMutation = useDeleteFirm({ confirmIdentityThen });
  const [isOpen, setIsOpen] = useState(false);
  const { failure, showFailure, clearFailure } = useFirmFailure();

  const remove = () => {
    if (deleteMutation.isPending) return;
    clearFailure();
    // Closed first: the confirm-identity dialog may follow, and one dialog at a time keeps focus in it.
    setIsOpen(false);
    deleteMutation.mutate(undefined, {
      onError: showFailure,
    });
  };

  return (
    <PanelSection look="firm-card" heading={t("delete.heading")} intro={t("delete.intro")} className="firm-danger">
      {failure && <FirmFailureNotice key={failure.attempt} text={failure.text} />}
      <BusyButton danger isBusy={deleteMutation.isPending} onClick={() => setIsOpen(true)}>
        {t("delete.action")}
      </BusyButton>
      <Modal
        open={isOpen}
        title={t("delete.confirmTitle", { name: firm.name })}
        onCancel={() => setIsOpen(false)}
        footer={null}
        destroyOnHidden
      >
        <VerticalForm<ConfirmValues> form={form} name="delete-firm" onFinish={remove}>
          <p>{t("delete.confirmDescription")}</p>
          <Form.Item
            label={t("delete.typeName", { name: firm.name })}
            name="name"
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if ((value ?? "").trim() !== firm.name) throw new Error(t("delete.nameMismatch"));
                },
              },
            ]}
          >
            <Input size="large" autoComplete="off" autoFocus />
          </Form.Item>
          <div className="action-row panel-actions">
            <Button type="primary" danger htmlType="submit" size="large">
              {t("delete.confirm")}
            </Button>
            <Button size="large" onClick={() => setIsOpen(false)}>
              {t("cancel")}
            </Button>
          </div>
        </VerticalForm>
      </Modal>
    </PanelSection>
  );
}
