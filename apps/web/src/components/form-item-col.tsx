import Col, { type ColProps } from "antd/es/grid/col";
import { forwardRef } from "react";
import { usePlainGridClass } from "./use-plain-grid-class";

/** The props that place a column on antd's 24-column grid, and so need its styles. */
const GRID_PROPS = [
  "span",
  "order",
  "offset",
  "push",
  "pull",
  "flex",
  "xs",
  "sm",
  "md",
  "lg",
  "xl",
  "xxl",
  "xxxl",
] as const;

/**
 * Form.Item's label and control column (see app/build/form-item-imports-plugin.ts). Our forms set no
 * `labelCol` or `wrapperCol`, so the column is antd's plain `.ant-col` (drawn in global.css), without
 * registering the grid's styles for every span and breakpoint. With any grid prop it is antd's Col.
 */
const FormItemCol = forwardRef<HTMLDivElement, ColProps>(function FormItemCol(props, ref) {
  const { prefixCls, className, ...rest } = props;
  const plainClass = usePlainGridClass("col", prefixCls, className);
  if (GRID_PROPS.some((name) => props[name] !== undefined)) return <Col ref={ref} {...props} />;
  return <div ref={ref} {...rest} className={plainClass} />;
});

export default FormItemCol;
