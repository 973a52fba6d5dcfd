import type { Profile } from "@precis/contract/profile";
import type { ReactNode } from "react";
import { type ConfirmIdentityThen, useConfirmIdentity } from "@/components/confirm-identity";
import { useAppState } from "@/lib/app-state";

/** What a sensitive panel is drawn with: the signed-in account, and its tab's way to confirm who is there. */
export type AccountPanelProps = { profile: Profile; confirmIdentityThen: ConfirmIdentityThen };

/**
 * A profile tab of sensitive panels (Privacy, Security): drawn for the signed-in account (the profile page renders
 * its tabs only for one), its panels sharing one confirm-identity dialog.
 */
export function AccountTab({
  className,
  children,
}: {
  className: string;
  children: (account: AccountPanelProps) => ReactNode;
}) {
  const { profile } = useAppState();
  const { confirmIdentityThen, dialog } = useConfirmIdentity();
  if (!profile) return null;
  return (
    <div className={className}>
      {children({ profile, confirmIdentityThen })}
      {dialog}
    </div>
  );
}
