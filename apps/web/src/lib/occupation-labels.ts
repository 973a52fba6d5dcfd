import type { Occupation } from "@precis/contract/profile";

/** Catalogue keys of each occupation's name, shared by the registration forms and the profile. */
export const occupationLabelKeys = {
  lawyer: "common:occupations.lawyer",
  "law student": "common:occupations.lawStudent",
  "law faculty": "common:occupations.lawFaculty",
  other: "common:occupations.other",
} as const satisfies Record<Occupation, string>;
