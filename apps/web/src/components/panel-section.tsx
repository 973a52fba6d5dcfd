import type { ReactNode } from "react";

/** A panel's look: the class names of the page it sits on (firm.css, security.css, privacy.css). */
type PanelLook = "firm-card" | "security-panel" | "privacy-panel";

/**
 * A panel of a settings page: a section named by its heading, its intro sentence when it has one, then its content.
 * The firm, security and privacy pages each wrote this frame around every panel.
 */
export function PanelSection({
  look,
  headingId,
  heading,
  intro,
  className,
  children,
}: {
  look: PanelLook;
  headingId: string;
  heading: ReactNode;
  intro?: ReactNode;
  /** More classes for the section, such as a danger zone's. */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section className={className ? `${look} ${className}` : look} aria-labelledby={headingId}>
      <h2 id={headingId} className={`${look}-heading`}>
        {heading}
      </h2>
      {intro !== undefined && <p className={`${look}-intro`}>{intro}</p>}
      {children}
    </section>
  );
}
