import { LoadingOutlined } from "@ant-design/icons";
import { Button, type ButtonProps } from "antd";
import type { Ref } from "react";

/**
 * A button whose request is running, as the account forms' submit buttons are (decision 006): a hidden
 * spinner instead of antd's `loading`, whose spinner can linger in the accessible name, and `aria-disabled`
 * instead of `disabled`, which would drop keyboard focus. Callers ignore presses while `isBusy`.
 */
export function BusyButton({
  isBusy,
  className,
  icon,
  ...buttonProps
}: ButtonProps & { isBusy: boolean; ref?: Ref<HTMLButtonElement> }) {
  return (
    <Button
      {...buttonProps}
      aria-disabled={isBusy}
      aria-busy={isBusy}
      className={[className, isBusy ? "busy-button" : ""].filter(Boolean).join(" ") || undefined}
      icon={isBusy ? <LoadingOutlined spin aria-hidden="true" /> : icon}
    />
  );
}
