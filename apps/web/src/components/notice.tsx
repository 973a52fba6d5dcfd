import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from "@ant-design/icons";
import { type ReactNode, useEffect, useRef } from "react";

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
 *
 * An error appears where the eye is (issue 43): one drawn outside the viewport (a form's answer at the top of a
 * long card, above a phone's screen while the reader looks at the button) scrolls into view and takes focus.
 * One already in view, beside the field in use (a dialog's), leaves the focus where the typing goes on.
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
  const box = useRef<HTMLDivElement>(null);
  const isError = type === "error";
  useEffect(() => {
    const element = box.current;
    if (!isError || !element) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) return;
    element.scrollIntoView({ block: "nearest" });
    element.focus({ preventScroll: true });
  }, [isError]);
  return (
    <div ref={box} role={role} tabIndex={isError ? -1 : undefined} className={classes.filter(Boolean).join(" ")}>
      <Icon aria-hidden="true" className="notice-icon" />
      <div className="notice-content">
        <div className="notice-title">{title}</div>
        {description && <div className="notice-description">{description}</div>}
      </div>
    </div>
  );
}
