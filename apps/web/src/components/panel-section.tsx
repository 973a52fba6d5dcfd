import { type ReactNode, useId } from "react";

/**
 * A panel's look: the class names of the page it sits on (firm.css, security.css, privacy.css, profile.css), or
 * of a band inside the memo settings' panel (its presets, its preview).
 */
type PanelLook = "firm-card" | "security-panel" | "privacy-panel" | "profile-panel" | "memo-presets" | "memo-preview";

/**
 * A panel of a settings page: a section named by its heading, its intro sentence when it has one, then its content.
 * The firm, security, privacy and profile pages each wrote this frame around every panel; a band inside a panel
 * takes `headingLevel` 3. The heading names the section by an id of its own; `headingId` fixes that id where
 * something else points at the heading too (a list it names, a browser test).
 */
export function PanelSection({
  look,
  headingId: fixedHeadingId,
  heading,
  intro,
  className,
  headingLevel = 2,
  children,
}: {
  look: PanelLook;
  headingId?: string;
  heading: ReactNode;
  intro?: ReactNode;
  /** More classes for the section, such as a danger zone's. */
  className?: string;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const generatedHeadingId = useId();
  const headingId = fixedHeadingId ?? generatedHeadingId;
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <section className={className ? `${look} ${className}` : look} aria-labelledby={headingId}>
      <Heading id={headingId} className={`${look}-heading`}>
        {heading}
      </Heading>
      {intro !== undefined && <p className={`${look}-intro`}>{intro}</p>}
      {children}
    </section>
  );
}
