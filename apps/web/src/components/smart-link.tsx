import type { ReactNode } from "react";
import { Link } from "react-router";
import { NewTabHint } from "@/components/new-tab-hint";
import { isAppPath, isHandOffLink } from "@/lib/links";

type SmartLinkProps = {
  /** An app path ("/profile") or an absolute address; config links may be either. */
  href: string;
  children: ReactNode;
  className?: string;
};

/** App paths navigate in place; other sites open in a new tab so the portal stays open. */
export function SmartLink({ href, children, className }: SmartLinkProps) {
  if (isAppPath(href)) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  if (isHandOffLink(href)) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <NewTabHint />
    </a>
  );
}
