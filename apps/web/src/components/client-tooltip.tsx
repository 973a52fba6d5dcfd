import { Tooltip, type TooltipProps } from "antd";
import { useIsHydrated } from "@/hooks/use-is-hydrated";

/**
 * antd's Tooltip, left out of the HTML the server renders and of its hydration: a tooltip shows only
 * on hover or focus, and its styles would add to what a prerendered page parses before its first
 * paint (decision 016). Until the app has started, the trigger shows without it.
 */
export function ClientTooltip(props: TooltipProps) {
  return useIsHydrated() ? <Tooltip {...props} /> : props.children;
}
