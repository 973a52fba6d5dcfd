import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from "@ant-design/icons";
import type { ReactNode } from "react";

const icons = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

/**
 * A message box drawn like antd's <Alert showIcon> (global.css), for the account pages: Alert's code
 * and run-time styles were about 3 kB gzip of /login's first load, for a coloured box. `role` says
 * how it is announced: "alert" at once, "status" politely.
 */
export function Notice({
  type,
  role,
  title,
  description,
  className,
}: {
  type: keyof typeof icons;
  role: "alert" | "status";
  title: ReactNode;
  description?: ReactNode;
  className?: string;
}) {
  const Icon = icons[type];
  const classes = ["notice", `notice-${type}`, description ? "notice-with-description" : "", className ?? ""];
  return (
    <div role={role} className={classes.filter(Boolean).join(" ")}>
      <Icon aria-hidden="true" className="notice-icon" />
      <div className="notice-content">
        <div className="notice-title">{title}</div>
        {description && <div className="notice-description">{description}</div>}
      </div>
    </div>
  );
}
