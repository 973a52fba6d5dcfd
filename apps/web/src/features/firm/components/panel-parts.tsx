import { ReloadOutlined } from "@ant-design/icons";
import { FIRM_NAME_MAX_LENGTH } from "@precis/contract/firms";
import { Button, Form, Input } from "antd";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BusyButton } from "@/components/busy-button";
import { Notice } from "@/components/notice";
import { type ContentQuery, QueryContent } from "@/components/query-content";
import { useWithoutInvisibleCharactersRule } from "@/lib/form-rules";

/** The firm's name, as it is chosen at creation and changed later: the same label, limits and refusals both times. */
export function FirmNameField({ extra, className }: { extra?: ReactNode; className?: string }) {
  const { t } = useTranslation("firm");
  const invisibleCharactersRule = useWithoutInvisibleCharactersRule();
  return (
    <Form.Item
      label={t("create.nameLabel")}
      name="name"
      extra={extra}
      className={className}
      rules={[
        { required: true, whitespace: true, message: t("create.nameRequired") },
        { max: FIRM_NAME_MAX_LENGTH, message: t("create.nameTooLong", { max: FIRM_NAME_MAX_LENGTH }) },
        invisibleCharactersRule,
      ]}
    >
      <Input size="large" maxLength={FIRM_NAME_MAX_LENGTH} autoComplete="organization" />
    </Form.Item>
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

/**
 * A firm panel's list until it has rows to show: a skeleton of `rows` lines while it loads, or the failure and a
 * retry when it could not be read (a list already shown stays on a failed refresh). Then whatever `children` draws.
 */
export function QueryList({
  query,
  rows,
  children,
}: {
  query: ContentQuery<unknown>;
  rows: number;
  children: () => ReactNode;
}) {
  const { t } = useTranslation("firm");
  return (
    <QueryContent
      query={query}
      rows={rows}
      loadingLabel={t("loading")}
      failure={<ListLoadFailure isRetrying={query.isFetching} onRetry={() => void query.refetch()} />}
    >
      {children}
    </QueryContent>
  );
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

/**
 * A firm panel's list of records (members, invitations, domains, the trail), read by `query`: QueryList's loading
 * and failure, then `empty` when there is nothing, else the list named by `label`, one `renderItem` row each.
 */
export function FirmList<TItem>({
  query,
  rows,
  items,
  label,
  empty,
  isOrdered = false,
  className = "firm-list",
  renderItem,
}: {
  query: ContentQuery<unknown>;
  rows: number;
  items: TItem[];
  label: string;
  empty?: { icon: ComponentType<{ className?: string; "aria-hidden"?: "true" }>; text: string };
  /** The rows' order means something (newest first): drawn as an ordered list. */
  isOrdered?: boolean;
  className?: string;
  renderItem: (item: TItem) => ReactNode;
}) {
  const List = isOrdered ? "ol" : "ul";
  return (
    <QueryList query={query} rows={rows}>
      {() =>
        empty && items.length === 0 ? (
          <EmptyList icon={empty.icon} text={empty.text} />
        ) : (
          <List className={className} aria-label={label}>
            {items.map(renderItem)}
          </List>
        )
      }
    </QueryList>
  );
}

/** One record of a firm list: its title line (a name and its tags), its details line, and its controls. */
export function FirmRow({ title, details, actions }: { title: ReactNode; details: ReactNode; actions: ReactNode }) {
  return (
    <li className="firm-row">
      <div className="firm-row-main">
        <p className="firm-row-title">{title}</p>
        <p className="firm-row-details">{details}</p>
      </div>
      <div className="firm-row-actions">{actions}</div>
    </li>
  );
}

/**
 * The submit button of a firm's one-line form (rename, invite, buy seats), under an empty label so that it lines up
 * with the fields beside it.
 */
export function InlineSubmit({ isBusy, icon, children }: { isBusy: boolean; icon?: ReactNode; children: ReactNode }) {
  return (
    <Form.Item label=" " className="firm-submit-item">
      <BusyButton type="primary" htmlType="submit" size="large" isBusy={isBusy} icon={icon}>
        {children}
      </BusyButton>
    </Form.Item>
  );
}
