import { type FrameSlot, frameSlotMarker } from "@precis/contract/prerender";
import { createContext, useContext } from "react";

/** True while the server renders a signed-in frame, which holds nobody's data (decisions 016 and 017). */
export const SignedInFrameContext = createContext(false);

/**
 * A text of the visitor's account that the first screen shows: the text itself, or, in a signed-in frame,
 * its slot's marker, which the server fills in with the visitor's own text on every request. The page then
 * paints with the visitor's name, and the browser's render over the frame keeps every size.
 */
export function useAccountText(slot: FrameSlot, text: string) {
  return useContext(SignedInFrameContext) ? frameSlotMarker(slot) : text;
}
