import { Button, type ButtonProps } from "antd";
import { useHref, useLinkClickHandler } from "react-router";
import { NewTabHint } from "@/components/new-tab-hint";
import { isAppPath } from "@/lib/links";

type LinkButtonProps = Omit<ButtonProps, "href" | "onClick" | "target" | "htmlType"> & {
  /** An app path ("/login") or an absolute address. */
  to: string;
};

/**
 * A link that looks like a button. It stays an `<a>` (it navigates, so screen readers must
 * announce a link, and middle-click must work), while app paths still navigate without a reload.
 */
export function LinkButton({ to, ...buttonProps }: LinkButtonProps) {
  return isAppPath(to) ? <AppLinkButton to={to} {...buttonProps} /> : <ExternalLinkButton to={to} {...buttonProps} />;
}

function AppLinkButton({ to, ...buttonProps }: LinkButtonProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLElement>(to);
  return <Button {...buttonProps} href={href} onClick={handleClick} />;
}

function ExternalLinkButton({ to, children, ...buttonProps }: LinkButtonProps) {
  return (
    <Button {...buttonProps} href={to} target="_blank" rel="noopener noreferrer">
      {children}
      <NewTabHint />
    </Button>
  );
}
