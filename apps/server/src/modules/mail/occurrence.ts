import type { Language } from "@precis/contract/auth";
import { describeUserAgent } from "../../lib/user-agents.ts";
import type { RequestOrigin } from "../audit/service.ts";

/** When, from what and from where a change to an account was made: what every security email tells its owner. */
export interface Occurrence {
  when: string;
  device: string;
  ipAddress: string;
}

/** The time as an email states it, in Toronto time, the way the owner's language writes dates. */
export const formatEmailTime = (time: Date, language: Language) =>
  new Intl.DateTimeFormat(language === "fr" ? "fr-CA" : "en-CA", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "America/Toronto",
  }).format(time);

export function describeOccurrence(origin: RequestOrigin, time: Date, language: Language): Occurrence {
  const { browser, system } = describeUserAgent(origin.userAgent ?? null);
  return {
    when: formatEmailTime(time, language),
    device: [browser, system].filter(Boolean).join(", "),
    ipAddress: origin.ipAddress,
  };
}
