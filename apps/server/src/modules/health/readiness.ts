/** How the prerender bundle loaded (the prerender plugin's loader answers in these words). */
export type PrerenderState = "loaded" | "failed" | "missing";

/**
 * What /api/ready needs to know beyond the database: whether shutdown has begun, and how the prerender bundle
 * loaded. The web app plugin, registered after the routes, hands its loader over; a server without a built web
 * app keeps the default, "missing", and is never ready (every page would be a 404).
 */
export interface Readiness {
  readonly isDraining: boolean;
  /** From now on /api/ready answers 503, while every other request is still served (decision 027). */
  beginDraining(): void;
  loadPrerender: () => Promise<PrerenderState>;
}

export function createReadiness(): Readiness {
  let isDraining = false;
  return {
    get isDraining() {
      return isDraining;
    },
    beginDraining() {
      isDraining = true;
    },
    loadPrerender: async () => "missing",
  };
}
