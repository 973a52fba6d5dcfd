import { ReloadOutlined } from "@ant-design/icons";
import { Button, Skeleton } from "antd";
import { type ComponentType, type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "@/components/notice";

/**
 * What a panel says after a change ("Anne is now an admin"): a polite live region, present from the start so that
 * screen readers announce it; focused when the changed row has gone, so keyboard focus is not lost with it.
 */
export function usePanelNews() {
  const [news, setNews] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const newsRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusRequest > 0) newsRef.current?.focus();
  }, [focusRequest]);
  const announce = (text: string, { focus = false }: { focus?: boolean } = {}) => {
    setNews(text);
    if (focus) setFocusRequest((request) => request + 1);
  };
  return { news, announce, newsRef };
}

export function PanelNews({ news, newsRef }: { news: string | null; newsRef: RefObject<HTMLParagraphElement | null> }) {
  return (
    <div role="status" className="firm-news">
      {news && (
        <p ref={newsRef} tabIndex={-1}>
          {news}
        </p>
      )}
    </div>
  );
}

/** A list that could not be read: said, with a way to try again. */
export function ListLoadFailure({ isRetrying, onRetry }: { isRetrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation("firm");
  return (
    <div className="firm-load-failure">
      <Notice type="error" role="alert" className="firm-alert" title={t("listLoadFailed")} />
      <Button icon={<ReloadOutlined aria-hidden="true" />} loading={isRetrying} onClick={onRetry}>
        {t("loadFailed.retry")}
      </Button>
    </div>
  );
}

/** What `QueryList` reads of a list's query (TanStack Query's fields). */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: unknown;
  refetch: () => unknown;
}

/**
 * A panel's list until it has rows to show: a skeleton of `rows` lines while it loads, or the failure and a retry
 * when it could not be read (a list already shown stays on a failed refresh). Then whatever `children` draws.
 */
export function QueryList({ query, rows, children }: { query: ListQuery; rows: number; children: () => ReactNode }) {
  const { t } = useTranslation("firm");
  if (query.isPending) {
    return (
      <div role="status" aria-label={t("loading")}>
        <Skeleton active title={false} paragraph={{ rows }} />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return <ListLoadFailure isRetrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  return children();
}

/** A list with nothing in it: its icon and a sentence saying so. */
export function EmptyList({
  icon: Icon,
  text,
}: {
  icon: ComponentType<{ className?: string; "aria-hidden"?: "true" }>;
  text: string;
}) {
  return (
    <div className="firm-empty-list">
      <Icon aria-hidden="true" className="firm-empty-list-icon" />
      <p>{text}</p>
    </div>
  );
}
