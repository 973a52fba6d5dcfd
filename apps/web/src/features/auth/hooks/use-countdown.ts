import { useEffect, useRef, useState } from "react";

/**
 * Counts `steps` down to zero, one step every `intervalMs`, then calls `onDone` once; it holds still while
 * `isPaused`. Returns the steps left, for the countdown's display.
 */
export function useCountdown({
  steps,
  intervalMs,
  onDone,
  isPaused = false,
}: {
  steps: number;
  intervalMs: number;
  onDone: () => void;
  isPaused?: boolean;
}) {
  const [remaining, setRemaining] = useState(steps);
  const onDoneRef = useRef(onDone);
  const isDoneRef = useRef(false);

  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    if (isPaused) return undefined;
    if (remaining > 0) {
      const timer = window.setTimeout(() => setRemaining((current) => current - 1), intervalMs);
      return () => window.clearTimeout(timer);
    }
    // StrictMode runs effects twice in development; the redirect must still happen once.
    if (!isDoneRef.current) {
      isDoneRef.current = true;
      onDoneRef.current();
    }
    return undefined;
  }, [remaining, intervalMs, isPaused]);

  return remaining;
}
