import { LoadingOutlined } from "@ant-design/icons";
import { Button } from "antd";
import type { ReactNode } from "react";

/**
 * The form's primary button, busy while its request runs. antd's own `loading` leaves its spinner
 * (accessible name "loading") in the button until a CSS transition ends, which does not always
 * happen: the button would then be announced as "loading Login" long after. Swapping a hidden
 * icon avoids that; `aria-disabled` (not `disabled`) keeps keyboard focus on the button, and the
 * forms ignore submits while busy.
 */
export function SubmitButton({ isBusy, children }: { isBusy: boolean; children: ReactNode }) {
  return (
    <Button
      type="primary"
      htmlType="submit"
      size="large"
      block
      aria-disabled={isBusy}
      aria-busy={isBusy}
      className={isBusy ? "auth-submit-busy" : undefined}
      icon={isBusy ? <LoadingOutlined spin aria-hidden="true" /> : undefined}
    >
      {children}
    </Button>
  );
}
