import type { Profile } from "@precis/contract/profile";
import type { FlatNamespace } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type ConfirmIdentityThen, useConfirmIdentity } from "@/components/confirm-identity";
import { useAppState } from "@/lib/app-state";

/** What a sensitive panel is drawn with: the signed-in account, and its tab's way to confirm who is there. */
export type AccountPanelProps = { profile: Profile; confirmIdentityThen: ConfirmIdentityThen };

/**
 * A profile tab of sensitive panels (Privacy, Security): drawn for the signed-in account (the profile page renders
 * its tabs only for one), its panels sharing one confirm-identity dialog. `namespaces` are every text catalogue its
 * panels and the dialog read: asked for together here, they arrive in one round trip, where each panel asking for
 * its own made a chain of them before the first panel could ask the server for anything.
 */
export function AccountTab({
  className,
  namespaces,
  children,
}: {
  className: string;
  namespaces: FlatNamespace[];
  children: (account: AccountPanelProps) => ReactNode;
}) {
  useTranslation(namespaces);
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
