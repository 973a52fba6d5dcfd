import { useEffect, useRef } from "react";

/**
 * Sends an emailed link's token (or code) as the page opens, once: a link works once, so StrictMode's second run
 * of the effect, or a re-render, must not send it again. Nothing is sent while `value` is null.
 */
export function useSendOnce<Value>(value: Value | null, send: (value: Value) => void) {
  const hasSent = useRef(false);
  useEffect(() => {
    if (hasSent.current || value === null) return;
    hasSent.current = true;
    send(value);
  }, [value, send]);
}
