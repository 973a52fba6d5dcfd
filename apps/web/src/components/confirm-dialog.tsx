import { Button, Modal, type ModalProps } from "antd";
import { type ReactNode, useState } from "react";
import { BusyButton } from "./busy-button";

/**
 * The question a panel asks before a step that takes something away (remove a domain, sign a session out): a
 * title, a sentence, anything the caller adds (a refusal), then the answer, focused as the dialog opens so that
 * Cancel is one Tab away, and Cancel. Drawn afresh each time it opens. The firm and security panels each wrote it.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  isDanger = true,
  isBusy = false,
  onConfirm,
  onCancel,
  focusTriggerAfterClose,
  afterClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The answer is red, as for a removal; a step that only replaces something is not. */
  isDanger?: boolean;
  /** The answer's request is running: the dialog stays open until it ends. */
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
} & Pick<ModalProps, "focusTriggerAfterClose" | "afterClose">) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      focusTriggerAfterClose={focusTriggerAfterClose}
      afterClose={afterClose}
      footer={null}
      destroyOnHidden
    >
      <p>{description}</p>
      {children}
      <div className="action-row panel-actions">
        <BusyButton type="primary" danger={isDanger} size="large" autoFocus isBusy={isBusy} onClick={onConfirm}>
          {confirmLabel}
        </BusyButton>
        <Button size="large" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * The thing a `ConfirmDialog` asks about (a row to remove): `ask(item)` opens the question, `cancel()` closes it,
 * and `confirm()` closes it and runs `onConfirmed(item)`. The dialog is open while `pending` is not null.
 */
export function useConfirmation<T>(onConfirmed: (item: T) => void) {
  const [pending, setPending] = useState<T | null>(null);
  const confirm = () => {
    if (pending === null) return;
    setPending(null);
    onConfirmed(pending);
  };
  return { pending, ask: (item: T) => setPending(item), cancel: () => setPending(null), confirm };
}
