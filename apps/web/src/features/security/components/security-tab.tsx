import { useAppState } from "@/lib/app-state";
import { ChangePasswordPanel } from "./change-password-panel";
import { SessionsPanel } from "./sessions-panel";
import "./security.css";

/** Issue 27's security center, the profile's Security tab: where the account is signed in, and its password. */
export function SecurityTab() {
  const { profile } = useAppState();
  // The profile page renders its tabs only for a signed-in account.
  if (!profile) return null;
  return (
    <div className="security-tab">
      <SessionsPanel />
      <ChangePasswordPanel profile={profile} />
    </div>
  );
}
