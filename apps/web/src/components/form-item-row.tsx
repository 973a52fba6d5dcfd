import { Row as AntdRow, type RowProps } from "antd/es/grid";
import { forwardRef } from "react";
import { usePlainGridClass } from "./use-plain-grid-class";

/** The props that make antd's Row watch the screen's breakpoints or set its own layout. */
const LAYOUT_PROPS = ["gutter", "justify", "align", "wrap"] as const;

/**
 * Form.Item's row (see app/build/form-item-imports-plugin.ts). antd's Row subscribes to the screen's
 * breakpoints in a layout effect, for a responsive gutter or alignment, and so re-renders each form field
 * synchronously right after it mounts or hydrates. Form.Item sets none of those props: the row is antd's
 * plain `.ant-row` (drawn in global.css), and antd's Row as soon as one is set.
 */
const FormItemRow = forwardRef<HTMLDivElement, RowProps>(function FormItemRow(props, ref) {
  const { prefixCls, className, ...rest } = props;
  const plainClass = usePlainGridClass("row", prefixCls, className);
  if (LAYOUT_PROPS.some((name) => props[name] !== undefined)) return <AntdRow ref={ref} {...props} />;
  return <div ref={ref} {...rest} className={plainClass} />;
});

/** Named as antd's grid module exports it: `import { Row } from '../../grid'`. */
export { FormItemRow as Row };
