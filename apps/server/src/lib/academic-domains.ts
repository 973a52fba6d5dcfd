/**
 * Whether an address is at one of the academic domains (ACADEMIC_EMAIL_DOMAINS), subdomains included:
 * "j.doe@mail.utoronto.ca" is at "utoronto.ca"; "x@notutoronto.ca" is not.
 */
export function isAcademicEmail(email: string, academicDomains: readonly string[]) {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return academicDomains.some((academic) => domain === academic || domain.endsWith(`.${academic}`));
}
