import { Result, type ResultProps } from "antd";
import type { ReactNode, Ref } from "react";

/**
 * A page that says one outcome (what a link did, a page that is not there): antd's Result, its title the page's
 * h1. `role` announces the sentence under it, as the answer to a press (`status`) or a refusal (`alert`). With
 * `headingRef` the heading takes focus, for a page that moves focus there when its answer changes.
 */
export function OutcomePage({
  status,
  icon,
  title,
  text,
  role,
  headingRef,
  extra,
}: {
  status: ResultProps["status"];
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  role?: "status" | "alert";
  headingRef?: Ref<HTMLHeadingElement>;
  extra?: ReactNode;
}) {
  return (
    <Result
      status={status}
      icon={icon}
      title={
        headingRef ? (
          <h1 ref={headingRef} tabIndex={-1} className="result-heading focus-target">
            {title}
          </h1>
        ) : (
          <h1 className="result-heading">{title}</h1>
        )
      }
      subTitle={role ? <span role={role}>{text}</span> : text}
      extra={extra}
    />
  );
}
