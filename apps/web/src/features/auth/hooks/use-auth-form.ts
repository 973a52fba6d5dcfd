import { Form } from "antd";
import { useSearchParams } from "react-router";
import { useRevalidateOnLanguageChange } from "@/features/auth/hooks/use-revalidate-on-language-change";

/** An account form's instance, whose field errors are checked again in the new language after a switch. */
export function useAuthForm<Values>() {
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  return form;
}

/** The address the step before carried in `?email=` (login → forgot password → reset), or "" without one. */
export function useEmailFromQuery() {
  const [searchParams] = useSearchParams();
  return searchParams.get("email") ?? "";
}
