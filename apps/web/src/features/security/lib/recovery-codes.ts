/** The setup key as people type it from the screen: groups of four ("JBSW Y3DP EHPK 3PXP"); apps ignore spaces. */
export function formatSetupKey(secret: string): string {
  return secret.replace(/\s/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}

/** The recovery codes' file: a title saying whose and what they are, a note on their use, one code a line. */
export function recoveryCodesFileText({
  title,
  note,
  codes,
}: {
  title: string;
  note: string;
  codes: readonly string[];
}) {
  return [title, note, "", ...codes, ""].join("\n");
}

/** "precis-recovery-codes.txt": the product's name, made safe for a file name on every system. */
export function recoveryCodesFileName(productName: string): string {
  const slug = productName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || "account"}-recovery-codes.txt`;
}
