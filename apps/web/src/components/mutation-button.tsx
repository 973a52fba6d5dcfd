import type { ComponentProps } from "react";
import { BusyButton } from "@/components/busy-button";

/**
 * A button that starts a request needing no input (accept the terms, download the export): busy while it runs,
 * and a press meanwhile does nothing rather than send it twice.
 */
export function MutationButton({
  mutation,
  ...buttonProps
}: Omit<ComponentProps<typeof BusyButton>, "isBusy" | "onClick"> & {
  mutation: { isPending: boolean; mutate: () => void };
}) {
  return (
    <BusyButton
      {...buttonProps}
      isBusy={mutation.isPending}
      onClick={() => {
        if (!mutation.isPending) mutation.mutate();
      }}
    />
  );
}
