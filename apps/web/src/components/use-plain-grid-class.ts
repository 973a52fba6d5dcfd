import { ConfigContext } from "antd/es/config-provider/context";
import { useContext } from "react";

/**
 * The class antd gives its grid's `row` or `col` (`ant-row`, `ant-col`, or under the app's own prefix),
 * followed by the caller's: what Form.Item's row and columns carry when they render as plain elements
 * (components/form-item-row.tsx and form-item-col.tsx).
 */
export function usePlainGridClass(
  element: "row" | "col",
  prefixCls: string | undefined,
  className: string | undefined,
) {
  const { getPrefixCls } = useContext(ConfigContext);
  const gridClass = getPrefixCls(element, prefixCls);
  return className ? `${gridClass} ${className}` : gridClass;
}
