import { CloseCircleFilled, ExclamationCircleFilled } from "@ant-design/icons";
import type { ReactNode } from "react";

const icons = { error: CloseCircleFilled, warning: ExclamationCircleFilled };

/**
 * A status page for the errors the entry chunk itself must be able to show (a failed route,
 * no client config). It looks like antd's <Result>, which we use everywhere else, but Result
 * bundles its 403/404/500 illustrations: 30 kB the first load of every page would pay for. Its
 * colours are in global.css, not read from antd's theme: importing `theme` brings antd's dark and
 * compact algorithms into the entry chunk.
 */
export function StatusMessage({
  status,
  title,
  description,
  action,
}: {
  status: keyof typeof icons;
  title: string;
  description: string;
  action: ReactNode;
}) {
  const Icon = icons[status];
  return (
    <div className="status-message">
      <Icon aria-hidden="true" className={`status-message-icon status-message-icon-${status}`} />
      <h1 className="status-message-title">{title}</h1>
      <p className="status-message-description">{description}</p>
      {action}
    </div>
  );
}
