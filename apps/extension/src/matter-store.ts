/*
 * The client-matter codes the popup remembers for each person (issue 44), in chrome.storage.local beside the
 * session: the one last chosen, shown again when the popup opens, and the few last counted, offered as choices.
 * Keyed by portal and user id, so that two people taking turns in one browser profile never see each other's
 * codes, and an address change does not lose them. They outlive a sign-out on purpose: the same person signing in
 * again finds their matters where they left them.
 */

/** How many codes the popup offers to choose from: the most recently counted first. */
export const RECENT_MATTERS_MAX = 5;

/** Whose codes: the portal that signed the extension in, and the person's user id there. */
export type MatterOwner = { portalOrigin: string; userId: string };

export type RememberedMatters = {
  /** What the field held last, as typed (trimmed); "" when nothing was chosen yet. */
  current: string;
  /** Codes memos were counted under, newest first, each once. */
  recent: string[];
};

const storageKeyOf = (owner: MatterOwner) => `precisMatters:${owner.portalOrigin}:${owner.userId}`;

export async function readMatters(owner: MatterOwner): Promise<RememberedMatters> {
  const key = storageKeyOf(owner);
  const stored = (await chrome.storage.local.get(key))[key] as Partial<RememberedMatters> | undefined;
  // Read defensively: the storage outlives any one version of the extension, and anything else could have written it.
  return {
    current: typeof stored?.current === "string" ? stored.current : "",
    recent: Array.isArray(stored?.recent)
      ? stored.recent.filter((code): code is string => typeof code === "string").slice(0, RECENT_MATTERS_MAX)
      : [],
  };
}

let pendingChange: Promise<unknown> = Promise.resolve();

/**
 * Reads, changes and writes the codes one change at a time: a keystroke's save and a counted memo's, both
 * read-then-write, would otherwise each write back what they read and lose the other's change.
 */
function changeMatters(
  owner: MatterOwner,
  change: (matters: RememberedMatters) => RememberedMatters,
): Promise<RememberedMatters> {
  const changed = pendingChange.then(async () => {
    const matters = change(await readMatters(owner));
    await chrome.storage.local.set({ [storageKeyOf(owner)]: matters });
    return matters;
  });
  pendingChange = changed.catch(() => undefined);
  return changed;
}

/** The field's value as the person left it, so the popup, which closes whenever it loses focus, shows it again. */
export function saveCurrentMatter(owner: MatterOwner, current: string): Promise<RememberedMatters> {
  return changeMatters(owner, (matters) => ({ ...matters, current: current.trim() }));
}

/** A memo was counted under `matter`: it becomes the current code and the first of the recent ones. */
export function rememberCountedMatter(owner: MatterOwner, matter: string): Promise<RememberedMatters> {
  return changeMatters(owner, ({ recent }) => ({
    current: matter,
    recent: [matter, ...recent.filter((code) => code !== matter)].slice(0, RECENT_MATTERS_MAX),
  }));
}
