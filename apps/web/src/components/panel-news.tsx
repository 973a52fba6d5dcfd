import { type RefObject, useEffect, useRef, useState } from "react";

/**
 * What a panel says after a change ("Anne is now an admin", "Passkey removed"): a polite live region, present from
 * the start so that screen readers announce it; focused when the control that led to it has gone, so keyboard
 * focus is not lost with it. The firm and security panels share it.
 */
export function usePanelNews() {
  const [news, setNews] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const newsRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusRequest > 0) newsRef.current?.focus();
  }, [focusRequest]);
  /**
   * Focuses the news once it is on screen: after the render that shows it, not now. A dialog that closes as its
   * change ends (the passkey's removal) can ask before the news it announced has been drawn.
   */
  const focusNews = () => setFocusRequest((request) => request + 1);
  const announce = (text: string, { focus = false }: { focus?: boolean } = {}) => {
    setNews(text);
    if (focus) focusNews();
  };
  /** Forgets the last news, as a new step starts. */
  const clearNews = () => setNews(null);
  return { news, announce, focusNews, clearNews, newsRef };
}

/**
 * The live region of `usePanelNews`: its focus ring is global.css's `.panel-news`, its spacing the panel's
 * `className`; `isShown` hides the news while it is stale.
 */
export function PanelNews({
  news,
  newsRef,
  className,
  isShown = true,
}: {
  news: string | null;
  newsRef: RefObject<HTMLParagraphElement | null>;
  className: string;
  isShown?: boolean;
}) {
  return (
    <div role="status" className={`panel-news ${className}`}>
      {news && isShown && (
        <p ref={newsRef} tabIndex={-1}>
          {news}
        </p>
      )}
    </div>
  );
}
