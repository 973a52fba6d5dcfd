import { ReloadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { StatusMessage } from "@/components/status-message";

/**
 * A page whose data could not be read (the profile behind every signed-in page, the firm's page): the warning
 * in the page's place, with a button that asks again and turns busy while it does.
 */
export function PageLoadFailed({
  title,
  description,
  retryLabel,
  isRetrying,
  onRetry,
}: {
  title: string;
  description: string;
  retryLabel: string;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  return (
    <StatusMessage
      status="warning"
      title={title}
      description={description}
      action={
        <Button type="primary" icon={<ReloadOutlined aria-hidden="true" />} loading={isRetrying} onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
