import { Alert } from "antd";
import { type ReactNode, type Ref, useState } from "react";

/**
 * The standing notice at the top of every signed-in page while something waits on the account (its address to
 * prove, its deletion to cancel), with the button that deals with it. Not a live region (antd's "alert" by
 * default): it is there from the page's start, and news inside it (`description`) is announced by itself.
 */
export function PageBanner({
  type,
  className,
  label,
  title,
  description,
  action,
}: {
  type: "warning" | "error";
  className: string;
  label: string;
  title: string;
  description: ReactNode;
  action: ReactNode;
}) {
  return (
    <section className={`page-banner ${className}`} aria-label={label}>
      <Alert type={type} showIcon banner role="none" title={title} description={description} action={action} />
    </section>
  );
}

/**
 * The good news a page banner turns into once its warning is dealt with (the address proven, the deletion
 * cancelled): announced politely, and shown until dismissed or the visit ends. `ref` takes the focus that the
 * banner's vanished button held.
 */
export function PageSuccessBanner({
  ref,
  className,
  title,
  dismissLabel,
}: {
  ref: Ref<HTMLDivElement>;
  className: string;
  title: string;
  dismissLabel: string;
}) {
  const [isDismissed, setIsDismissed] = useState(false);
  if (isDismissed) return null;
  return (
    <div ref={ref} tabIndex={-1} className={`page-banner ${className}`}>
      <Alert
        type="success"
        showIcon
        banner
        role="status"
        title={title}
        closable={{ onClose: () => setIsDismissed(true), "aria-label": dismissLabel }}
      />
    </div>
  );
}
