import { ConfigProvider } from "antd";
import type { InputHTMLAttributes, ReactNode } from "react";

interface NativeCheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "children"> {
  children: ReactNode;
}

/**
 * A checkbox and its label as the browser's own, in the theme's colour (global.css), for Form.Item with
 * `valuePropName="checked"`: Form.Item reads `event.target.checked` from the native change event. One box
 * did not justify antd's Checkbox chunk and styles on /register's first load. Disabled with the form
 * (antd's `componentDisabled`, which Form's `disabled` sets), so a prerendered form stays inert until the app has started.
 */
export function NativeCheckbox({ children, disabled, className, ...inputProps }: NativeCheckboxProps) {
  const isFormDisabled = ConfigProvider.useConfig().componentDisabled;
  return (
    <label className={className ? `native-checkbox ${className}` : "native-checkbox"}>
      <input {...inputProps} type="checkbox" disabled={disabled ?? isFormDisabled} />
      <span>{children}</span>
    </label>
  );
}
