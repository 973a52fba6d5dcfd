import { z } from "zod/mini";
import { EMAIL_MAX_LENGTH, PROFILE_TEXT_MAX_LENGTH } from "./account-rules.ts";
import { apiErrorSchema } from "./api.ts";
import { operations, withSchemas } from "./operations.ts";
import { nameTextSchema, plainTextSchema } from "./text-fields.ts";

/** Occupation values, as product §3 names them; stored and sent exactly like this. */
export const occupations = ["lawyer", "law student", "law faculty", "other"] as const;
export const occupationSchema = z.enum(occupations);
export type Occupation = z.infer<typeof occupationSchema>;

/** The 44 topics of interest of product §3, in display order (shown in columns of 11). */
export const topicsOfInterest = [
  "Access to Information and Privacy",
  "Administrative Remedies",
  "Appeal",
  "Arbitration",
  "Bankruptcy and Insolvency",
  "Business",
  "Child Custody and Access",
  "Child Protection",
  "Citizenship and Immigration",
  "Commerce and Industry",
  "Constitution",
  "Contracts",
  "Creditors and Debtors",
  "Criminal or Statutory Infractions",
  "Damages",
  "Defences",
  "Environment",
  "Evidence",
  "Family",
  "Guardianship",
  "Health and Safety",
  "Indigenous Peoples",
  "Insurance",
  "Intellectual property",
  "International",
  "Interpretation",
  "Judicial Review",
  "Labour and Employment",
  "Motor Vehicles",
  "Municipalities",
  "Negligence",
  "Practice and Procedure",
  "Professions and Occupations",
  "Property and Trusts",
  "Public Administration",
  "Residential Tenancies",
  "Rights and Freedoms",
  "Search and Seizure",
  "Sentencing",
  "Support and Maintenance",
  "Taxation",
  "Torts",
  "Wills and Estates",
  "Young Offenders",
] as const;
export const topicSchema = z.enum(topicsOfInterest);
export type Topic = z.infer<typeof topicSchema>;
export const TOPICS_PER_COLUMN = 11;

export const emailSchema = z.pipe(
  z.pipe(z.string().check(z.trim(), z.maxLength(EMAIL_MAX_LENGTH)), z.email()),
  z.transform((email: string) => email.toLowerCase()),
);

/** The profile as the settings screens read it (product §3 "Profile"). */
export const profileSchema = z.object({
  name: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organization: z.string(),
  areaOfLaw: z.string(),
  topicsOfInterest: z.array(topicSchema),
  occupation: occupationSchema,
  internal: z.boolean(),
  /** Whether the account has proven it owns `email` (by emailed code, or through Google or Microsoft). */
  emailVerified: z.boolean(),
  /** Only when the Terms or the Privacy Policy changed since the account accepted them: ask once before going on. */
  mustAcceptTerms: z.optional(z.literal(true)),
  /** Only while the owner's deletion of the account is pending: the day it will happen. */
  deletionScheduledFor: z.optional(z.iso.datetime()),
});
export type Profile = z.infer<typeof profileSchema>;

/** `GET /api/user-details`: null means "not logged in" (product §7). */
export const userDetailsResponseSchema = z.object({
  userProfile: z.nullable(profileSchema),
});
export type UserDetailsResponse = z.infer<typeof userDetailsResponseSchema>;

/**
 * `PATCH /api/user-details`: the editable part of the profile. product §7's body also carries `username` and
 * `email`, which are read-only: they are accepted when they equal the stored values, and a change is refused.
 */
export const updateProfileRequestSchema = z.partial(
  z.strictObject({
    username: plainTextSchema(254),
    email: plainTextSchema(EMAIL_MAX_LENGTH),
    firstName: nameTextSchema(PROFILE_TEXT_MAX_LENGTH.firstName),
    lastName: nameTextSchema(PROFILE_TEXT_MAX_LENGTH.lastName),
    organization: plainTextSchema(PROFILE_TEXT_MAX_LENGTH.organization),
    areaOfLaw: plainTextSchema(PROFILE_TEXT_MAX_LENGTH.areaOfLaw),
    occupation: occupationSchema,
    topicsOfInterest: z.array(topicSchema).check(
      z.maxLength(topicsOfInterest.length),
      z.refine((topics) => new Set(topics).size === topics.length, "Each topic may be chosen only once"),
    ),
  }),
);
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** The profile's operations with their schemas: the pattern every feature's operations are to follow (issue 41). */
export const profileOperations = {
  getUserDetails: withSchemas(operations.getUserDetails, { response: { 200: userDetailsResponseSchema } }),
  updateUserDetails: withSchemas(operations.updateUserDetails, {
    body: updateProfileRequestSchema,
    response: { 200: userDetailsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
  }),
};
