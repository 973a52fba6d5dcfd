import { useCallback } from "react";
import { useNavigate } from "react-router";
import type { Destination } from "@/features/auth/lib/destinations";

/** Follows a Destination: app paths through the router, other sites with a full page load in this tab. */
export function useGoTo() {
  const navigate = useNavigate();
  return useCallback(
    (destination: Destination) => {
      if (destination.kind === "app") void navigate(destination.path);
      else window.location.assign(destination.href);
    },
    [navigate],
  );
}
