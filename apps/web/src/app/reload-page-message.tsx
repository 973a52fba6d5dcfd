import { Button } from "antd";
import { StatusMessage } from "@/components/status-message";

/**
 * A failure that only a fresh load of the page mends (a lazy chunk gone after a deployment, no client config):
 * its status message, with the one way out, a Reload button. Kept in the entry chunk, as its callers are.
 */
export function ReloadPageMessage({
  status,
  title,
  description,
  reloadLabel,
}: {
  status: "error" | "warning";
  title: string;
  description: string;
  reloadLabel: string;
}) {
  return (
    <StatusMessage
      status={status}
      title={title}
      description={description}
      action={
        <Button type="primary" onClick={() => window.location.reload()}>
          {reloadLabel}
        </Button>
      }
    />
  );
}
