import type { FirebaseConfigResponse } from "@precis/contract/sso";
import type { Auth } from "firebase/auth";

export type SsoProviderName = "google" | "microsoft";

/** What a popup sign-in gives the screens: the identity's email and name, and the ID token the server verifies. */
export type SsoIdentity = { email: string; displayName: string; idToken: string };

export type ConfiguredFirebase = Extract<FirebaseConfigResponse, { isConfigured: true }>;

/** The provider signed in but gave no email (product §5: "User Email Not Found"). */
export class MissingEmailError extends Error {
  override readonly name = "MissingEmailError";
  constructor() {
    super("the identity provider returned no email");
  }
}

type FirebaseAuthModule = typeof import("firebase/auth");
type LoadedAuth = { auth: Auth; sdk: FirebaseAuthModule };

let loaded: { key: string; promise: Promise<LoadedAuth> } | null = null;
/** Firebase app names must be unique; a new configuration (another deployment) gets a new app. */
let appCount = 0;

/**
 * The Firebase SDK is about 100 kB gzip: it is imported here, on the SSO screens and buttons only,
 * never by the first load of /login or /register. The Auth instance keeps its user for this tab
 * only (session persistence): the app's own session is what lasts, the Firebase one only carries
 * the identity from a popup to the server.
 */
export function loadFirebaseAuth(config: ConfiguredFirebase): Promise<LoadedAuth> {
  const key = JSON.stringify(config);
  if (loaded?.key === key) return loaded.promise;
  const promise = Promise.all([import("firebase/app"), import("firebase/auth")]).then(([app, sdk]) => {
    appCount += 1;
    const firebaseApp = app.initializeApp(config.firebaseConfig, `precis-sso-${appCount}`);
    const auth = sdk.initializeAuth(firebaseApp, {
      persistence: sdk.browserSessionPersistence,
      // Given now, the popup helper is ready before the click, so the popup opens straight away.
      popupRedirectResolver: sdk.browserPopupRedirectResolver,
    });
    if (config.emulatorUrl) sdk.connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
    return { auth, sdk };
  });
  // A failed download (offline) may be retried by the next click.
  promise.catch(() => {
    if (loaded?.promise === promise) loaded = null;
  });
  loaded = { key, promise };
  return promise;
}

async function toIdentity(user: import("firebase/auth").User): Promise<SsoIdentity> {
  if (!user.email) throw new MissingEmailError();
  return { email: user.email, displayName: user.displayName ?? "", idToken: await user.getIdToken() };
}

/** Google or Microsoft sign-in in a popup; the account chooser is always shown (product §7). */
export async function signInWithProvider(config: ConfiguredFirebase, provider: SsoProviderName): Promise<SsoIdentity> {
  const { auth, sdk } = await loadFirebaseAuth(config);
  const authProvider = provider === "google" ? new sdk.GoogleAuthProvider() : new sdk.OAuthProvider("microsoft.com");
  authProvider.setCustomParameters({ prompt: "select_account" });
  const { user } = await sdk.signInWithPopup(auth, authProvider);
  return toIdentity(user);
}

/** The identity this tab signed in with, when it is `email`'s: a fresh ID token without another popup. */
export async function getSignedInIdentity(config: ConfiguredFirebase, email: string): Promise<SsoIdentity | null> {
  const { auth } = await loadFirebaseAuth(config);
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user?.email || user.email.toLowerCase() !== email.toLowerCase()) return null;
  return toIdentity(user);
}

/** Once the server has opened the app's session, the Firebase sign-in has served its purpose. */
export async function signOutOfFirebase(config: ConfiguredFirebase): Promise<void> {
  const { auth, sdk } = await loadFirebaseAuth(config);
  await sdk.signOut(auth);
}
