import { Button } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "./busy-button";

/**
 * A form's closing row as the account and security forms lay it out: its submit button (the children), busy
 * while the request runs (decision 006), then "Cancel", which closes the form without sending it.
 */
export function SubmitOrCancel({
  isBusy,
  isDanger = false,
  onCancel,
  children,
}: {
  isBusy: boolean;
  /** The submit button is red, for a step that takes something away (turning a factor off). */
  isDanger?: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation("common");
  return (
    <div className="action-row">
      <BusyButton type="primary" danger={isDanger} htmlType="submit" size="large" isBusy={isBusy}>
        {children}
      </BusyButton>
      <Button size="large" onClick={onCancel}>
        {t("cancel")}
      </Button>
    </div>
  );
}
