/** Every time-dependent rule reads the time through this, so tests can move it without sleeping. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/**
 * Monotonic milliseconds, for how long something in memory may be reused (a session row, a read). Apart from
 * the Clock because wall time may jump; injectable so a test's outcome never depends on the machine's speed.
 */
export type ElapsedClock = () => number;
export const systemElapsedClock: ElapsedClock = () => performance.now();

export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
export const addDays = (date: Date, days: number) => addSeconds(date, days * 86_400);
