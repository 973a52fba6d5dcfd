import type { Language } from "@precis/contract/auth";
import { formatLongDate } from "@precis/contract/dates";
import { describeUserAgent } from "../../lib/user-agents.ts";
import type { RequestOrigin } from "../audit/service.ts";

/** When, from what and from where a change to an account was made: what every security email tells its owner. */
export interface Occurrence {
  when: string;
  device: string;
  ipAddress: string;
}

/** The time as an email states it, in Toronto time, the way the owner's language writes dates ("1er janvier"). */
export const formatEmailTime = (time: Date, language: Language) =>
  formatLongDate(time, language, { timeZone: "America/Toronto", withTime: true });

export function describeOccurrence(origin: RequestOrigin, time: Date, language: Language): Occurrence {
  const { browser, system } = describeUserAgent(origin.userAgent ?? null);
  return {
    when: formatEmailTime(time, language),
    device: [browser, system].filter(Boolean).join(", "),
    ipAddress: origin.ipAddress,
  };
}
