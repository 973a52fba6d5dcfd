import { CloudSyncOutlined, KeyOutlined, PlusOutlined } from "@ant-design/icons";
import { MAX_PASSKEYS, PASSKEY_NAME_MAX_LENGTH, type Passkey } from "@precis/contract/mfa";
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { Button, Form, Input, Tag } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import type { ConfirmIdentityThen } from "@/components/confirm-identity";
import { isIdentityNotConfirmed } from "@/components/confirm-identity";
import { Notice } from "@/components/notice";
import { PanelNews, usePanelNews } from "@/components/panel-news";
import { PanelSection } from "@/components/panel-section";
import { SubmitOrCancel } from "@/components/submit-or-cancel";
import { VerticalForm } from "@/components/vertical-form";
import { getCurrentLanguage } from "@/i18n";
import { useWithoutInvisibleCharactersRule } from "@/lib/form-rules";
import { formatDateTime } from "@/lib/format-date";
import { useMfaStatus } from "@/lib/get-mfa-status";
import { describeThisDevice } from "@/lib/webauthn";
import { useAddPasskey } from "../api/add-passkey";
import { useRemovePasskey } from "../api/remove-passkey";
import { useRenamePasskey } from "../api/rename-passkey";
import { getFactorFailure } from "../lib/factor-errors";
import { FactorFailureNotice, useFactorFailureText } from "./factor-failure";
import { FactorsContent } from "./two-step-panel";
import { VerifyEmailFirstNotice } from "./verify-email-first";

type NameValues = { name: string };

/** What the name field accepts, as the server does (contract/mfa.ts's passkeyNameSchema): 1 to 60 characters, none invisible. */
function useNameRules() {
  const { t } = useTranslation("security");
  const invisibleCharactersRule = useWithoutInvisibleCharactersRule();
  return [
    { required: true, whitespace: true, message: t("passkeys.nameRequired") },
    { max: PASSKEY_NAME_MAX_LENGTH, message: t("passkeys.nameTooLong", { max: PASSKEY_NAME_MAX_LENGTH }) },
    invisibleCharactersRule,
  ];
}

/**
 * Issue 27's passkeys: the account's list (name, when added and last used, whether synced), adding one under
 * a name (this browser and system by default), renaming one in place, and removing one after confirming.
 */
export function PasskeysPanel({
  confirmIdentityThen,
  isEmailVerified = true,
}: {
  confirmIdentityThen: ConfirmIdentityThen;
  /** No passkey is added to an account whose address is unproven (the server refuses it): the panel says why. */
  isEmailVerified?: boolean;
}) {
  const { t } = useTranslation("security");
  const statusQuery = useMfaStatus();
  const addMutation = useAddPasskey({ confirmIdentityThen });
  const removeMutation = useRemovePasskey({ confirmIdentityThen });
  const failureText = useFactorFailureText();
  const nameRules = useNameRules();
  const [addForm] = Form.useForm<NameValues>();
  const [isSupported] = useState(browserSupportsWebAuthn);
  const [isAdding, setIsAdding] = useState(false);
  const [renamingId, setRenamingId] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [isRemoveOpen, setIsRemoveOpen] = useState(false);
  const [failure, setFailure] = useState<{ text: string; attempt: number } | null>(null);
  const { news, announce, focusNews, clearNews, newsRef } = usePanelNews();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  // Where a removal is while its dialog closes: focus follows it (the news, or back to the row's button).
  const removal = useRef<"pending" | "closed" | "done" | null>(null);
  const suggestedName = useSuggestedPasskeyName();

  const passkeys = statusQuery.data?.passkeys ?? [];
  const isFull = passkeys.length >= MAX_PASSKEYS;

  const openAddForm = () => {
    setFailure(null);
    clearNews();
    setIsAdding(true);
  };

  const closeAddForm = () => {
    setIsAdding(false);
    window.setTimeout(() => addButtonRef.current?.focus());
  };

  const add = ({ name }: NameValues) => {
    if (addMutation.isPending) return;
    setFailure(null);
    const trimmed = name.trim();
    addMutation.mutate(trimmed, {
      onSuccess: (passkey) => {
        setIsAdding(false);
        announce(t("passkeys.addedNews", { name: passkey.name }), { focus: true });
      },
      onError: (error) => {
        if (isIdentityNotConfirmed(error)) return;
        const next = getFactorFailure(error);
        setFailure({
          text: next.kind === "conflict" ? t("passkeys.tooMany", { max: MAX_PASSKEYS }) : failureText(next),
          attempt: Date.now(),
        });
      },
    });
  };

  /** The row's Remove button, to hand focus back to while its passkey is still listed. */
  const focusRemoveButton = (passkeyId: number) =>
    document.querySelector<HTMLButtonElement>(`[data-passkey-remove="${passkeyId}"]`)?.focus();

  const confirmRemove = () => {
    if (!removing || removeMutation.isPending) return;
    const passkey = removing;
    setFailure(null);
    // Closed first: the confirm-identity dialog may follow, and one dialog at a time keeps focus in it.
    removal.current = "pending";
    setIsRemoveOpen(false);
    const finish = (text: string) => {
      // Once the dialog has closed, focus goes to the news at once; before, the dialog's close hands it there.
      const focus = removal.current === "closed";
      removal.current = focus ? null : "done";
      announce(text, { focus });
    };
    removeMutation.mutate(passkey.id, {
      onSuccess: () => finish(t("passkeys.removedNews", { name: passkey.name })),
      onError: (error) => {
        const next = getFactorFailure(error);
        if (next.kind === "notFound") {
          finish(t("passkeys.goneNews"));
          return;
        }
        removal.current = null;
        // A change of mind in the confirm-identity dialog: back to the button, nothing to report.
        if (isIdentityNotConfirmed(error)) focusRemoveButton(passkey.id);
        else setFailure({ text: failureText(next), attempt: Date.now() });
      },
    });
  };

  const list = (
    <FactorsContent query={statusQuery}>
      {() =>
        passkeys.length === 0 ? (
          <div className="passkey-empty">
            <KeyOutlined aria-hidden="true" className="passkey-empty-icon" />
            <p>{t("passkeys.empty")}</p>
          </div>
        ) : (
          <ul className="passkey-list" aria-label={t("passkeys.listLabel")}>
            {passkeys.map((passkey) =>
              renamingId === passkey.id ? (
                <RenameRow
                  key={passkey.id}
                  passkey={passkey}
                  onDone={(newName) => {
                    setRenamingId(null);
                    if (newName === "gone") announce(t("passkeys.goneNews"), { focus: true });
                    else if (newName) announce(t("passkeys.renamedNews", { name: newName }), { focus: false });
                  }}
                />
              ) : (
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  isRemoving={removeMutation.isPending && removeMutation.variables === passkey.id}
                  onRename={() => {
                    clearNews();
                    setRenamingId(passkey.id);
                  }}
                  onRemove={() => {
                    if (removeMutation.isPending) return;
                    clearNews();
                    setFailure(null);
                    setRemoving(passkey);
                    setIsRemoveOpen(true);
                  }}
                />
              ),
            )}
          </ul>
        )
      }
    </FactorsContent>
  );

  return (
    <PanelSection look="security-panel" heading={t("passkeys.heading")} intro={t("passkeys.intro")}>
      {!isSupported && (
        <Notice type="info" role="status" className="security-alert" title={t("passkeys.unsupported")} />
      )}
      {list}
      {/* A removal that failed says so here; the add form shows its own failures. */}
      {failure && !isAdding && <FactorFailureNotice key={failure.attempt} text={failure.text} />}
      {!isEmailVerified ? (
        <VerifyEmailFirstNotice text={t("verifyFirst.passkeys")} />
      ) : isAdding ? (
        <VerticalForm<NameValues>
          form={addForm}
          name="add-passkey"
          initialValues={{ name: suggestedName }}
          onFinish={add}
          className="passkey-add-form"
          aria-labelledby="add-passkey-heading"
        >
          <h3 id="add-passkey-heading" className="security-subheading">
            {t("passkeys.addHeading")}
          </h3>
          {failure && <FactorFailureNotice key={failure.attempt} text={failure.text} />}
          <Form.Item label={t("passkeys.name")} name="name" rules={nameRules} extra={t("passkeys.nameHelp")}>
            <Input size="large" maxLength={PASSKEY_NAME_MAX_LENGTH} autoFocus autoComplete="off" />
          </Form.Item>
          <SubmitOrCancel isBusy={addMutation.isPending} onCancel={closeAddForm}>
            {t("passkeys.create")}
          </SubmitOrCancel>
        </VerticalForm>
      ) : (
        <div className="session-footer">
          <Button
            ref={addButtonRef}
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={openAddForm}
            disabled={!isSupported || isFull || !statusQuery.data}
          >
            {t("passkeys.add")}
          </Button>
          {isFull && <p className="factor-details">{t("passkeys.maxReached", { max: MAX_PASSKEYS })}</p>}
        </div>
      )}
      <PanelNews news={news} newsRef={newsRef} className="security-news" />

      <ConfirmDialog
        open={isRemoveOpen}
        title={t("passkeys.confirmRemoveTitle", { name: removing?.name ?? "" })}
        description={t("passkeys.confirmRemoveDescription")}
        confirmLabel={t("passkeys.remove")}
        cancelLabel={t("factors.cancel")}
        onConfirm={confirmRemove}
        onCancel={() => setIsRemoveOpen(false)}
        // Focus is handed on here: to the news once the passkey is gone, else back to its Remove button.
        focusTriggerAfterClose={false}
        afterClose={() => {
          if (removal.current === "done") {
            removal.current = null;
            focusNews();
            return;
          }
          // Still running: the confirm-identity dialog may be opening, and keeps focus.
          if (removal.current === "pending") {
            removal.current = "closed";
            return;
          }
          if (removing) focusRemoveButton(removing.id);
        }}
      />
    </PanelSection>
  );
}

/** "Chrome on Linux": this browser and system, in the page's language, or "My passkey" when they say nothing. */
function useSuggestedPasskeyName() {
  const { t } = useTranslation("security");
  if (typeof navigator === "undefined") return t("passkeys.defaultName");
  const { browser, system } = describeThisDevice(navigator as Navigator & Parameters<typeof describeThisDevice>[0]);
  const name = browser && system ? t("passkeys.deviceOn", { browser, system }) : (browser ?? system);
  return (name ?? t("passkeys.defaultName")).slice(0, PASSKEY_NAME_MAX_LENGTH);
}

function PasskeyRow({
  passkey,
  isRemoving,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  isRemoving: boolean;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("security");
  const language = getCurrentLanguage();
  return (
    <li className="passkey-row">
      <KeyOutlined aria-hidden="true" className="factor-icon" />
      <div className="factor-main">
        <p className="passkey-name">
          <span className="passkey-label">{passkey.name}</span>
          {passkey.isSynced && (
            <Tag icon={<CloudSyncOutlined aria-hidden="true" />} title={t("passkeys.syncedHint")}>
              {t("passkeys.synced")}
            </Tag>
          )}
        </p>
        <ul className="session-details">
          <li>{t("passkeys.added", { date: formatDateTime(passkey.createdAt, language) })}</li>
          <li>
            {passkey.lastUsedAt
              ? t("passkeys.lastUsed", { date: formatDateTime(passkey.lastUsedAt, language) })
              : t("passkeys.neverUsed")}
          </li>
        </ul>
      </div>
      <div className="factor-actions passkey-actions">
        <Button
          data-passkey-rename={passkey.id}
          onClick={onRename}
          aria-label={t("passkeys.renameLabel", { name: passkey.name })}
        >
          {t("passkeys.rename")}
        </Button>
        <BusyButton
          danger
          data-passkey-remove={passkey.id}
          isBusy={isRemoving}
          onClick={onRemove}
          aria-label={t("passkeys.removeLabel", { name: passkey.name })}
        >
          {t("passkeys.remove")}
        </BusyButton>
      </div>
    </li>
  );
}

/**
 * A passkey's name as a field, in its row: Enter saves, Escape or Cancel keeps the old name, and focus goes
 * back to the row's Rename button either way (or to the news, if the passkey had gone).
 */
function RenameRow({
  passkey,
  onDone,
}: {
  passkey: Passkey;
  /** The new name, null when cancelled, "gone" when the passkey had been removed meanwhile. */
  onDone: (newName: string | null) => void;
}) {
  const { t } = useTranslation("security");
  const [form] = Form.useForm<NameValues>();
  const renameMutation = useRenamePasskey();
  const failureText = useFactorFailureText();
  const nameRules = useNameRules();
  const [failure, setFailure] = useState<{ text: string; attempt: number } | null>(null);

  const finish = (newName: string | null) => {
    onDone(newName);
    if (newName !== "gone") {
      // The row is drawn again with its Rename button: focus returns there.
      window.setTimeout(() =>
        document.querySelector<HTMLButtonElement>(`[data-passkey-rename="${passkey.id}"]`)?.focus(),
      );
    }
  };

  const save = ({ name }: NameValues) => {
    if (renameMutation.isPending) return;
    const trimmed = name.trim();
    if (trimmed === passkey.name) {
      finish(null);
      return;
    }
    setFailure(null);
    renameMutation.mutate(
      { id: passkey.id, name: trimmed },
      {
        onSuccess: (renamed) => finish(renamed.name),
        onError: (error) => {
          const next = getFactorFailure(error);
          if (next.kind === "notFound") {
            finish("gone");
            return;
          }
          setFailure({ text: failureText(next), attempt: Date.now() });
          form.focusField("name");
        },
      },
    );
  };

  return (
    <li className="passkey-row">
      <KeyOutlined aria-hidden="true" className="factor-icon" />
      <Form<NameValues>
        form={form}
        name={`rename-passkey-${passkey.id}`}
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: passkey.name }}
        onFinish={save}
        className="passkey-rename-form"
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.stopPropagation();
            finish(null);
          }
        }}
      >
        {failure && <FactorFailureNotice key={failure.attempt} text={failure.text} />}
        <Form.Item name="name" rules={nameRules} className="passkey-rename-field">
          <Input
            aria-label={t("passkeys.newName", { name: passkey.name })}
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            autoFocus
            autoComplete="off"
          />
        </Form.Item>
        <div className="passkey-rename-actions">
          <BusyButton type="primary" htmlType="submit" isBusy={renameMutation.isPending}>
            {t("passkeys.save")}
          </BusyButton>
          <Button onClick={() => finish(null)}>{t("factors.cancel")}</Button>
        </div>
      </Form>
    </li>
  );
}
