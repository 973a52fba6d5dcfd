import type { Profile } from "@precis/contract/profile";
import type { ReactNode } from "react";
import { useConfirmIdentity } from "@/components/confirm-identity";
import { useAppState } from "@/lib/app-state";

/**
 * A profile tab of sensitive panels (Privacy, Security): drawn for the signed-in account (the profile page renders
 * its tabs only for one), its panels sharing one confirm-identity dialog.
 */
export function AccountTab({
  className,
  children,
}: {
  className: string;
  children: (account: {
    profile: Profile;
    confirmIdentityThen: <T>(action: () => Promise<T>) => Promise<T>;
  }) => ReactNode;
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
