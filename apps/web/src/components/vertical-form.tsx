import { Form, type FormProps } from "antd";
import type { PropsWithChildren } from "react";

/**
 * The app's forms as the account forms set them out (decision 006): labels above their fields, no required marks
 * (a form says which fields are optional instead), and a refused submit scrolls to and focuses the first field in
 * error, so keyboard and screen-reader users land where the problem is. Everything else is antd's `Form`.
 */
export function VerticalForm<Values>(props: PropsWithChildren<FormProps<Values>>) {
  return <Form<Values> layout="vertical" requiredMark={false} scrollToFirstError={{ focus: true }} {...props} />;
}
