import { MAX_MEMO_PRESETS, MEMO_PRESET_NAME_MAX_LENGTH, type MemoOptionSet } from "@precis/contract/memo-options";
import type { InputRef } from "antd";
import { Alert, Form, Input, Modal } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiRequestError } from "@/lib/api-client";
import { presetDisplayName, suggestPresetName } from "../lib/memo-presets";

/** What the dialog names: a new preset (from the defaults, or a copy of `preset`), or `preset` itself. */
export type PresetNameRequest = { kind: "defaults" | "duplicate" | "rename"; preset: MemoOptionSet };

type PresetNameDialogProps = {
  request: PresetNameRequest | null;
  existingNames: string[];
  /** Resolves once the server has the name; a rejection keeps the dialog open with the reason. */
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
  afterClose: () => void;
};

type Failure = "tooMany" | "loggedOut" | "generic";

/** The name of a new or renamed preset: 1 to 60 characters, suggested so it differs from the others. */
export function PresetNameDialog({ request, existingNames, onSubmit, onClose, afterClose }: PresetNameDialogProps) {
  const { t } = useTranslation("profile");
  const displayName = (name: string) => presetDisplayName(name, t("memo.presets.profileDefaultName"));
  const [form] = Form.useForm<{ name: string }>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const nameInputRef = useRef<InputRef>(null);

  useEffect(() => {
    if (!request) return;
    setFailure(null);
    const { kind, preset } = request;
    const shownName = presetDisplayName(preset.name, t("memo.presets.profileDefaultName"));
    const suggestion =
      kind === "rename"
        ? shownName
        : suggestPresetName(
            kind === "duplicate" ? t("memo.presets.copyName", { name: shownName }) : t("memo.presets.defaultName"),
            existingNames,
          );
    form.setFieldsValue({ name: suggestion });
  }, [request, existingNames, form, t]);

  const submit = async ({ name }: { name: string }) => {
    if (isSubmitting) return;
    setIsSubmitting(true);
    setFailure(null);
    try {
      await onSubmit(name.normalize("NFC").trim());
      onClose();
    } catch (error) {
      const status = isApiRequestError(error) ? error.status : 0;
      setFailure(status === 409 ? "tooMany" : status === 401 ? "loggedOut" : "generic");
    } finally {
      setIsSubmitting(false);
    }
  };

  const title = !request
    ? ""
    : request.kind === "rename"
      ? t("memo.presets.nameDialog.renameTitle", { name: displayName(request.preset.name) })
      : request.kind === "duplicate"
        ? t("memo.presets.nameDialog.duplicateTitle", { name: displayName(request.preset.name) })
        : t("memo.presets.nameDialog.newTitle");

  return (
    <Modal
      open={request !== null}
      title={title}
      okText={request?.kind === "rename" ? t("memo.presets.nameDialog.rename") : t("memo.presets.nameDialog.create")}
      cancelText={t("memo.presets.nameDialog.cancel")}
      confirmLoading={isSubmitting}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!isSubmitting) onClose();
      }}
      afterClose={afterClose}
      // The dialog stays mounted (forceRender) so its form exists before it opens: autoFocus would only act
      // on that first, hidden mount, so the name field takes focus each time the dialog has opened.
      afterOpenChange={(isOpen) => {
        if (isOpen) nameInputRef.current?.focus({ cursor: "all" });
      }}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="name"
          label={t("memo.presets.nameDialog.label")}
          rules={[
            { required: true, whitespace: true, message: t("memo.presets.nameDialog.required") },
            {
              max: MEMO_PRESET_NAME_MAX_LENGTH,
              message: t("memo.presets.nameDialog.tooLong", { max: MEMO_PRESET_NAME_MAX_LENGTH }),
            },
          ]}
        >
          <Input ref={nameInputRef} maxLength={MEMO_PRESET_NAME_MAX_LENGTH} showCount autoComplete="off" />
        </Form.Item>
      </Form>
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={
            failure === "tooMany"
              ? t("memo.presets.errors.tooMany", { max: MAX_MEMO_PRESETS })
              : failure === "loggedOut"
                ? t("panel.loggedOut")
                : t("memo.presets.errors.generic")
          }
        />
      )}
    </Modal>
  );
}
