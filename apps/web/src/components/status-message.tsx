import { CloseCircleFilled, ExclamationCircleFilled } from "@ant-design/icons";
import type { ComponentType, ReactNode } from "react";

// Result's icons, except for warning: Result's triangle (WarningFilled) would be one more icon in the
// entry chunk, which the circle already holds for info.
const icons = { error: CloseCircleFilled, warning: ExclamationCircleFilled, info: ExclamationCircleFilled };

/**
 * A status page: the page's h1 beside a large icon, a line of explanation and what to do next. It
 * looks like antd's <Result>, but Result bundles its 403/404/500 illustrations, about 10 kB gzip
 * that every page showing one would load first. So the entry chunk's errors (a failed route, no
 * client config) and the signed-in pages' states (not logged in, the profile failed to load) use
 * this instead; the pages that draw an illustration keep Result. Its colours are in global.css, not
 * read from antd's theme: importing `theme` brings antd's dark and compact algorithms into the entry
 * chunk.
 */
export function StatusMessage({
  status,
  icon: Icon = icons[status],
  title,
  description,
  action,
}: {
  status: keyof typeof icons;
  /** In place of the status's own icon; it keeps the status's colour. */
  icon?: ComponentType<{ "aria-hidden": "true"; className: string }>;
  title: string;
  description?: string;
  action: ReactNode;
}) {
  return (
    <div className="status-message">
      <Icon aria-hidden="true" className={`status-message-icon icon-tone-${status}`} />
      <h1 className="status-message-title">{title}</h1>
      {description && <p className="status-message-description">{description}</p>}
      <div className="status-message-action">{action}</div>
    </div>
  );
}
