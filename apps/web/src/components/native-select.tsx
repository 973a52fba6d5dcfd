import { ConfigProvider } from "antd";
import type { SelectHTMLAttributes } from "react";

interface NativeSelectProps<Value extends string>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange" | "children"> {
  options: readonly { value: Value; label: string; disabled?: boolean }[];
  /** Set by Form.Item. */
  value?: Value;
  onChange?: (value: Value) => void;
}

/**
 * A short list of choices as the browser's own select, drawn at the size of antd's large inputs (global.css),
 * for Form.Item. antd's Select (rc-select: its virtual list, popup and 38 kB of styles) was the largest part
 * of /register's first load and of its takeover on a phone, for a list of five occupations; a phone's own
 * picker is also the better one there. The form's disabled state comes from antd's `componentDisabled`, so a
 * prerendered form stays inert until the app has started.
 */
export function NativeSelect<Value extends string>({
  options,
  value,
  onChange,
  disabled,
  className,
  ...selectProps
}: NativeSelectProps<Value>) {
  const isFormDisabled = ConfigProvider.useConfig().componentDisabled;
  return (
    <select
      {...selectProps}
      className={className ? `native-select ${className}` : "native-select"}
      value={value}
      disabled={disabled ?? isFormDisabled}
      // Every option is one of `options`, so the browser hands back one of their values.
      onChange={(event) => onChange?.(event.target.value as Value)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
