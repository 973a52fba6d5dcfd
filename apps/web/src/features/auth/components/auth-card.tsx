import type { ReactNode, Ref } from "react";

type AuthCardProps = {
  /** The heading's id: it names the card's section for screen readers. */
  titleId: string;
  title: ReactNode;
  /** The sentence under the heading, when the card has one. */
  intro?: ReactNode;
  /** The page's h1, or an h2 under the welcome panel's h1. */
  titleLevel?: 1 | 2;
  /** For a heading that takes focus when the card's step changes: it becomes focusable, with a visible ring. */
  titleRef?: Ref<HTMLHeadingElement>;
  /** A variant of the card, such as the wider registration card. */
  className?: string;
  children: ReactNode;
  /** The ways elsewhere under the form (back to login, create an account), a paragraph each. */
  links?: ReactNode;
};

/** The card of every account form (login, registration, password reset…): its section, heading, intro and links. */
export function AuthCard({
  titleId,
  title,
  intro,
  titleLevel = 1,
  titleRef,
  className,
  children,
  links,
}: AuthCardProps) {
  const Title = titleLevel === 1 ? "h1" : "h2";
  return (
    <section className={className ? `auth-card ${className}` : "auth-card"} aria-labelledby={titleId}>
      <Title
        id={titleId}
        ref={titleRef}
        tabIndex={titleRef ? -1 : undefined}
        className={titleRef ? "auth-title auth-focus-target" : "auth-title"}
      >
        {title}
      </Title>
      {intro && <p className="auth-intro">{intro}</p>}
      {children}
      {links && <div className="auth-links">{links}</div>}
    </section>
  );
}
