import { CheckCircleFilled, DislikeOutlined, LikeOutlined } from "@ant-design/icons";
import { DOCS_FEEDBACK_COMMENT_MAX_LENGTH, type DocsPageId } from "@precis/contract/docs-pages";
import { Button } from "antd";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePrerenderedControlProps } from "@/hooks/use-prerendered-form-props";
import { getCurrentLanguage } from "@/i18n";
import { isApiRequestError } from "@/lib/api-client";
import { useClientConfig } from "@/lib/client-config";
import { useSendDocsFeedback } from "../api/send-docs-feedback";

/**
 * "Was this page helpful?": Yes or No opens an optional comment, and nothing is sent until the
 * reader presses Send, so a stray click records nothing. Rendered with a `key` of the page, so
 * each page starts afresh.
 */
export function DocsFeedback({ pageId }: { pageId: DocsPageId }) {
  const { t } = useTranslation("docs");
  const { supportEmail } = useClientConfig();
  const headingId = useId();
  const commentId = useId();
  const hintId = useId();
  const countId = useId();
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const choicesRef = useRef<HTMLDivElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const [isHelpful, setIsHelpful] = useState<boolean | null>(null);
  const [comment, setComment] = useState("");
  const sendFeedback = useSendDocsFeedback();
  // On a prerendered page the buttons arrive before the app, and a click then would be lost.
  const prerendered = usePrerenderedControlProps();

  // The form the reader was in is gone: focus the thanks, so it is read out and Tab goes on from here.
  useEffect(() => {
    if (sendFeedback.isSuccess) thanksRef.current?.focus();
  }, [sendFeedback.isSuccess]);

  const choose = (helpful: boolean) => {
    setIsHelpful(helpful);
    sendFeedback.reset();
    // The comment box appears below the buttons; take the reader there.
    requestAnimationFrame(() => commentRef.current?.focus());
  };

  const cancel = () => {
    setIsHelpful(null);
    setComment("");
    sendFeedback.reset();
    requestAnimationFrame(() => choicesRef.current?.querySelector("button")?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isHelpful === null) return;
    const trimmed = comment.trim();
    sendFeedback.mutate({
      page: pageId,
      helpful: isHelpful,
      language: getCurrentLanguage(),
      ...(trimmed ? { comment: trimmed } : {}),
    });
  };

  if (sendFeedback.isSuccess) {
    return (
      <DocsFeedbackSection headingId={headingId}>
        <p ref={thanksRef} tabIndex={-1} role="status" className="docs-feedback-thanks">
          <CheckCircleFilled aria-hidden="true" className="docs-feedback-thanks-icon" />
          {t("feedback.thanks")}
        </p>
      </DocsFeedbackSection>
    );
  }

  return (
    <DocsFeedbackSection headingId={headingId}>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would need a legend repeating the heading */}
      <div
        ref={choicesRef}
        role="group"
        aria-labelledby={headingId}
        aria-busy={prerendered["aria-busy"]}
        className="docs-feedback-choices"
      >
        {helpfulChoices.map(({ helpful, Icon, labelKey }) => (
          <Button
            key={labelKey}
            icon={<Icon aria-hidden="true" />}
            disabled={prerendered.disabled}
            aria-pressed={isHelpful === helpful}
            onClick={() => choose(helpful)}
          >
            {t(labelKey)}
          </Button>
        ))}
      </div>
      {isHelpful !== null && (
        <form onSubmit={submit} className="docs-feedback-form">
          <label htmlFor={commentId} className="docs-feedback-label">
            {t(isHelpful ? "feedback.commentLabelHelpful" : "feedback.commentLabelUnhelpful")}
          </label>
          <textarea
            id={commentId}
            ref={commentRef}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            maxLength={DOCS_FEEDBACK_COMMENT_MAX_LENGTH}
            rows={4}
            aria-describedby={`${hintId} ${countId}`}
            className="docs-input docs-feedback-comment"
          />
          <p id={countId} className="docs-feedback-count">
            {t("feedback.characterCount", { count: comment.length, max: DOCS_FEEDBACK_COMMENT_MAX_LENGTH })}
          </p>
          <p id={hintId} className="docs-feedback-hint">
            {t("feedback.privacyHint", { supportEmail })}
          </p>
          {sendFeedback.isError && (
            <p role="alert" className="docs-feedback-error">
              {feedbackErrorMessage(sendFeedback.error, t)}
            </p>
          )}
          <div className="docs-feedback-actions">
            <Button type="primary" htmlType="submit" loading={sendFeedback.isPending}>
              {t("feedback.send")}
            </Button>
            <Button onClick={cancel}>{t("feedback.cancel")}</Button>
          </div>
        </form>
      )}
    </DocsFeedbackSection>
  );
}

/** The two answers to "Was this page helpful?", in the order the buttons stand. */
const helpfulChoices = [
  { helpful: true, Icon: LikeOutlined, labelKey: "feedback.yes" },
  { helpful: false, Icon: DislikeOutlined, labelKey: "feedback.no" },
] as const;

/** The feedback's region under its heading, whether it asks or thanks. */
function DocsFeedbackSection({ headingId, children }: { headingId: string; children: ReactNode }) {
  const { t } = useTranslation("docs");
  return (
    <section aria-labelledby={headingId} className="docs-feedback">
      <h2 id={headingId} className="docs-feedback-heading">
        {t("feedback.heading")}
      </h2>
      {children}
    </section>
  );
}

function feedbackErrorMessage(error: unknown, t: ReturnType<typeof useTranslation<"docs">>["t"]): string {
  if (isApiRequestError(error) && error.status === 429) return t("feedback.errors.tooMany");
  if (isApiRequestError(error) && error.status === 400) {
    return t("feedback.errors.invalid", { max: DOCS_FEEDBACK_COMMENT_MAX_LENGTH });
  }
  return t("feedback.errors.failed");
}
