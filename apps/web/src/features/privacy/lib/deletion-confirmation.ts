/**
 * The deletion's last safeguard: the button works once the person has typed their account's email address or
 * the word the dialog shows (DELETE, SUPPRIMER in French). Spaces around it and the letters' case do not
 * matter: the point is a deliberate act, not an exact copy.
 */
export function isDeletionConfirmed(typed: string, accountEmail: string, confirmationWord: string): boolean {
  const wanted = typed.trim().toLocaleLowerCase();
  if (wanted === "") return false;
  return wanted === accountEmail.trim().toLocaleLowerCase() || wanted === confirmationWord.toLocaleLowerCase();
}
