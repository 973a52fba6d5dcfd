import { Button, type ButtonProps } from "antd";

/**
 * The press that uses an emailed link's token (leave a firm, unlock the second step, undo an email change): the
 * link does its work on this press, never as its page opens, since a mail scanner opens every link. One request
 * at a time; the button shows it running.
 */
export function LinkTokenButton({
  mutation,
  token,
  ...buttonProps
}: Omit<ButtonProps, "type" | "size" | "loading" | "onClick"> & {
  mutation: { isPending: boolean; mutate: (token: string) => void };
  token: string;
}) {
  return (
    <Button
      {...buttonProps}
      type="primary"
      size="large"
      loading={mutation.isPending}
      onClick={() => {
        if (!mutation.isPending) mutation.mutate(token);
      }}
    />
  );
}
