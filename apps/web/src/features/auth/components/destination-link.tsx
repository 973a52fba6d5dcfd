import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Destination } from "@/features/auth/lib/destinations";

/**
 * The manual way to where a countdown is taking the user. Unlike SmartLink it stays in this tab
 * for other sites too: it stands in for the redirect, which leaves this tab.
 */
export function DestinationLink({ destination, children }: { destination: Destination; children: ReactNode }) {
  if (destination.kind === "app") return <Link to={destination.path}>{children}</Link>;
  return <a href={destination.href}>{children}</a>;
}
