import type { TooltipProps } from "antd";
import { lazy, Suspense } from "react";

const Tooltip = lazy(() => import("antd/es/tooltip"));

/**
 * antd's Tooltip, loaded when one first renders (see app/build/form-item-imports-plugin.ts). Until it
 * has loaded, its trigger shows without the tooltip.
 */
export default function DeferredTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
