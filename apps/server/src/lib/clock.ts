/** Every time-dependent rule reads the time through this, so tests can move it without sleeping. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
export const addDays = (date: Date, days: number) => addSeconds(date, days * 86_400);
