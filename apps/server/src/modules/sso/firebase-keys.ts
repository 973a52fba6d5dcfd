import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";

export class KeySetUnavailableError extends Error {
  constructor(cause: unknown) {
    super("the Firebase key set could not be fetched", { cause });
    this.name = "KeySetUnavailableError";
  }
}

const DEFAULT_MAX_AGE_SECONDS = 3600;
/** An unknown key id triggers at most one re-fetch per this many milliseconds (no fetch storms). */
const REFETCH_COOLDOWN_MS = 30_000;

/**
 * Google's key set, cached for as long as its Cache-Control max-age says and fetched again once
 * when a token names a key id the cached set lacks (Google rotates its keys).
 */
export function createFirebaseKeySet(options: { url: string; now: () => Date; fetchImpl?: typeof fetch }) {
  const fetchImpl = options.fetchImpl ?? fetch;
  interface CachedKeySet {
    keys: JWTVerifyGetKey;
    kids: Set<string>;
    expiresAt: number;
    fetchedAt: number;
  }
  let cached: CachedKeySet | null = null;
  let inFlight: Promise<CachedKeySet> | null = null;

  async function download(): Promise<CachedKeySet> {
    let response: Response;
    try {
      response = await fetchImpl(options.url, { signal: AbortSignal.timeout(5_000) });
    } catch (error) {
      throw new KeySetUnavailableError(error);
    }
    if (!response.ok) throw new KeySetUnavailableError(new Error(`HTTP ${response.status}`));
    const body = (await response.json().catch(() => null)) as JSONWebKeySet | null;
    if (!body || !Array.isArray(body.keys)) throw new KeySetUnavailableError(new Error("not a JWK set"));
    const maxAge = Number(
      /max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1] ?? DEFAULT_MAX_AGE_SECONDS,
    );
    const fetchedAt = options.now().getTime();
    const downloaded: CachedKeySet = {
      keys: createLocalJWKSet(body),
      kids: new Set(body.keys.map((key) => key.kid).filter((kid): kid is string => typeof kid === "string")),
      expiresAt: fetchedAt + maxAge * 1000,
      fetchedAt,
    };
    cached = downloaded;
    return downloaded;
  }

  function refresh() {
    inFlight ??= download().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  /** The key-lookup function jose's jwtVerify takes. */
  const getKey: JWTVerifyGetKey = async (header, token) => {
    const now = options.now().getTime();
    let current: CachedKeySet = cached && cached.expiresAt > now ? cached : await refresh();
    const isUnknownKid = typeof header.kid === "string" && !current.kids.has(header.kid);
    if (isUnknownKid && now - current.fetchedAt > REFETCH_COOLDOWN_MS) current = await refresh();
    return current.keys(header, token);
  };
  return getKey;
}
