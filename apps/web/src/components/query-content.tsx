import { ReloadOutlined } from "@ant-design/icons";
import { Skeleton } from "antd";
import type { ReactNode } from "react";
import { BusyButton } from "@/components/busy-button";
import { Notice } from "@/components/notice";

/** What `QueryContent` reads of a query (TanStack Query's fields). */
export interface ContentQuery<TData> {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data: TData | undefined;
  refetch: () => unknown;
}

/**
 * What a panel draws from a query, until it can be drawn: a skeleton of `rows` lines, named by `loadingLabel`,
 * while it loads, or `failure` when it could not be read (content already shown stays on a failed refresh). Then
 * whatever `children` draws of the data. The panels of firm, security and privacy each said these three states.
 */
export function QueryContent<TData>({
  query,
  rows,
  loadingLabel,
  loadingClassName,
  failure,
  children,
}: {
  query: ContentQuery<TData>;
  rows: number;
  loadingLabel: string;
  loadingClassName?: string;
  failure: ReactNode;
  children: (data: TData) => ReactNode;
}) {
  if (query.isPending) return <LoadingSkeleton label={loadingLabel} rows={rows} className={loadingClassName} />;
  if (query.isError && !query.data) return failure;
  // Neither pending nor failed without data: TanStack Query has the data.
  return children(query.data as TData);
}

/** Lines of grey where content is loading, announced politely by `label`. */
export function LoadingSkeleton({ label, rows, className }: { label: string; rows: number; className?: string }) {
  return (
    <div role="status" aria-label={label} className={className}>
      <Skeleton active title={false} paragraph={{ rows }} />
    </div>
  );
}

/** Something a query could not read, said at once, with a button inside the box to ask again. */
export function RetryNotice({
  title,
  retryLabel,
  query,
}: {
  title: string;
  retryLabel: string;
  query: Pick<ContentQuery<unknown>, "isFetching" | "refetch">;
}) {
  return (
    <Notice
      type="error"
      role="alert"
      title={title}
      description={
        <BusyButton
          icon={<ReloadOutlined aria-hidden="true" />}
          isBusy={query.isFetching}
          onClick={() => {
            if (!query.isFetching) void query.refetch();
          }}
        >
          {retryLabel}
        </BusyButton>
      }
    />
  );
}
