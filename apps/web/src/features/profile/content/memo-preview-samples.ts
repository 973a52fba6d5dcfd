/*
 * The sample memo the preview pane shows (product §2 "Memo preferences panel and preview"): a
 * fictional labour arbitration between a police services board and a police association, written
 * the way the extension writes a memo, with bracketed markers pointing at paragraphs of the award.
 *
 * This is content, not interface: it is memo output in the memo's own language (English, or
 * French for the French variant), whatever the language of the screen. It lives in its own module
 * so that only the profile page's lazy chunk carries it.
 */
import type {
  memoFactsLengthValues,
  memoFactsPresentationValues,
  memoLangValues,
  memoSummaryValues,
  memoToneValues,
} from "@precis/contract/memo-options";

export type SampleLanguage = "en" | "fr";
export type SampleBlock = { kind: "paragraph"; text: string } | { kind: "bullets"; items: string[] };
export type SampleText = { language: SampleLanguage; blocks: SampleBlock[] };

type SummaryLength = (typeof memoSummaryValues)[number];
type FactsLength = (typeof memoFactsLengthValues)[number];
type FactsPresentation = (typeof memoFactsPresentationValues)[number];
type Tone = (typeof memoToneValues)[number];
type Language = (typeof memoLangValues)[number];

const paragraph = (text: string): SampleBlock => ({ kind: "paragraph", text });
const english = (...blocks: SampleBlock[]): SampleText => ({ language: "en", blocks });

export const summarySamples: Record<SummaryLength, SampleText> = {
  Auto: english(
    paragraph(
      "The arbitrator allowed the Association's policy grievance in part. The Board may keep its after-hours on-call rotation for detectives, a legitimate exercise of management rights [6], but members on rotation are on standby within the meaning of Article 17.02 and must be paid for it [7][8]. Standby pay is owed from March 2023, and the arbitrator remains seized of the amounts [9].",
    ),
  ),
  Long: english(
    paragraph(
      "Northbay Police Services Board v Northbay Police Association concerns Directive 2023-04, which required detectives of the Criminal Investigations Bureau to carry a Board-issued phone in rotating off-duty weeks and to report for duty within 30 minutes of a call, without standby pay [1][2]. The Association grieved that the directive breached the hours-of-work and standby provisions of the collective agreement and was an unreasonable exercise of management rights [3].",
    ),
    paragraph(
      "Applying the KVP test, the arbitrator accepted that the Board had a genuine operational need for after-hours investigative coverage, given 62 call-outs in 2022, and upheld the rotation itself [5][6]. The 30-minute response requirement, however, kept members within a fixed radius and fit to work throughout their off-duty week; that is being “required to remain available to report for duty” under Article 17.02, not merely being reachable [4][7][8].",
    ),
    paragraph(
      "The grievance was allowed in part. The Board must pay standby at the Article 17.02 rate to every member who served on the rotation since March 2023, and the arbitrator remains seized of any dispute over the amounts [9].",
    ),
  ),
  Medium: english(
    paragraph(
      "The Association grieved Directive 2023-04, which put detectives on an unpaid after-hours rotation with a 30-minute response requirement [1][3]. The arbitrator found the rotation a reasonable exercise of management rights given the Board's operational need [5][6], but held that the response requirement restricted members' off-duty time enough to amount to standby under Article 17.02 [7][8]. The grievance was allowed in part, with standby pay owed from March 2023 [9].",
    ),
  ),
  Short: english(
    paragraph(
      "Grievance allowed in part: the Board may run its on-call rotation, but detectives on it are on standby under Article 17.02 and must be paid from March 2023 [6][7][9].",
    ),
  ),
};

const factsBullets: Record<FactsLength, string[]> = {
  Long: [
    "The Association is the bargaining agent for the Board's sworn members, under a collective agreement running from 2022 to 2025 [1].",
    "In March 2023 the Board issued Directive 2023-04: detectives of the Criminal Investigations Bureau take turns, one week in six, carrying a Board-issued phone outside their scheduled hours [1].",
    "A detective on rotation must answer within 10 minutes and report for duty within 30 minutes of a call [1][2].",
    "The Board paid nothing for the rotation, treating it as incidental to the detective rank; call-backs actually worked were paid under Article 17.04 [2].",
    "Members on rotation testified that they stayed within 45 minutes of headquarters, avoided alcohol and arranged child care in advance [4].",
    "The Board showed 62 after-hours call-outs in 2022 that required a detective before the next shift [5].",
    "The Association filed a policy grievance under Articles 14 and 17 on April 12, 2023 [3].",
  ],
  Short: [
    "Directive 2023-04 put detectives on a one-week-in-six, unpaid after-hours rotation [1].",
    "Members on rotation had to report for duty within 30 minutes of a call [2].",
    "The Association filed a policy grievance under Articles 14 and 17 [3].",
  ],
};

const factsParagraphs: Record<FactsLength, string[]> = {
  Long: [
    "The Association represents the Board's sworn members under a collective agreement running from 2022 to 2025 [1]. In March 2023 the Board issued Directive 2023-04, under which detectives of the Criminal Investigations Bureau take turns, one week in six, carrying a Board-issued phone outside their scheduled hours; a detective on rotation must answer within 10 minutes and report for duty within 30 minutes of a call [1][2]. The Board paid nothing for the rotation itself, treating it as incidental to the detective rank, although call-backs actually worked were paid under Article 17.04 [2].",
    "Members on rotation testified that they stayed within 45 minutes of headquarters, avoided alcohol and arranged child care in advance [4]. The Board, for its part, showed 62 after-hours call-outs in 2022 that required a detective before the next shift [5]. The Association filed a policy grievance under Articles 14 and 17 on April 12, 2023 [3].",
  ],
  Short: [
    "Directive 2023-04 put detectives on an unpaid, one-week-in-six after-hours rotation requiring them to report for duty within 30 minutes of a call [1][2]. The Association grieved under Articles 14 and 17 of the collective agreement [3].",
  ],
};

export function getFactsSample(length: FactsLength, presentation: FactsPresentation): SampleText {
  if (presentation === "Bullet") return english({ kind: "bullets", items: factsBullets[length] });
  return english(...factsParagraphs[length].map(paragraph));
}

/** product §3: the tone describes the audience the text is written for. */
export const toneSamples: Record<Tone, SampleText> = {
  Personal: english(
    paragraph(
      "Key point for my file: an on-call rotation can stand as a management right, but once members must stay sober, close by and ready to report within 30 minutes, it is standby under Article 17.02 and has to be paid [6][7]. Check whether our own agreement defines standby the same way before relying on this award [8].",
    ),
  ),
  Client: english(
    paragraph(
      "In short, the arbitrator decided that the Board may keep its after-hours rotation for detectives, but must pay them standby for the weeks they are on it [6][7]. The pay is owed back to March 2023 [9]. If you are a detective who served on the rotation, you should expect an adjustment; we will confirm the amounts once the parties settle them or the arbitrator decides [9].",
    ),
  ),
  Supervisor: english(
    paragraph(
      "The arbitrator allowed the policy grievance in part. Applying KVP, the rotation was upheld as a reasonable exercise of management rights [5][6]; the 30-minute response requirement, however, brings members within Article 17.02's definition of standby, so standby pay is owed from March 2023 [7][8][9]. I recommend we rely on the award's reading of “required to remain available” in our pending on-call grievance, while noting that the arbitrator remains seized of quantum [8][9].",
    ),
  ),
};

export const languageSamples: Record<Language, SampleText> = {
  English: english(
    paragraph(
      "The arbitrator allowed the Association's policy grievance in part. The on-call rotation is a legitimate exercise of management rights [6], but members on rotation are on standby within the meaning of Article 17.02 and must be paid for it from March 2023 [7][9].",
    ),
  ),
  French: {
    language: "fr",
    blocks: [
      paragraph(
        "L'arbitre a accueilli en partie le grief de principe de l'Association. La rotation de disponibilité hors des heures de travail relève de l'exercice légitime des droits de la direction [6], mais les membres qui y sont affectés sont en disponibilité au sens de l'article 17.02 de la convention collective et doivent être rémunérés à ce titre depuis mars 2023 [7][9]. L'arbitre demeure saisi de toute difficulté relative au calcul des sommes dues [9].",
      ),
    ],
  },
};
