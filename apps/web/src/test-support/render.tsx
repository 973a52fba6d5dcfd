import { type ClientConfig, clientConfigSchema } from "@precis/contract/client-config";
import { type Profile, profileSchema } from "@precis/contract/profile";
import { QueryClientProvider } from "@tanstack/react-query";
import { type RenderResult, render } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { ConfigProvider } from "antd";
import type { FlatNamespace } from "i18next";
import { type ReactNode, Suspense } from "react";
import { MemoryRouter } from "react-router";
import { UiProvider } from "@/app/providers";
import { createQueryClient } from "@/app/query-client";
import { i18n, i18nReady } from "@/i18n";
import type { SupportedLanguage } from "@/i18n/languages";
import { type AppState, AppStateContext, DEFAULT_ACTIVE_TITLE } from "@/lib/app-state";
import { ClientConfigProvider } from "@/lib/client-config";
import { type SessionActions, SessionActionsContext } from "@/lib/session-actions";

/** A signed-in, verified account; a test overrides what its panel reads. Checked against the contract's schema. */
export const testProfile = (overrides: Partial<Profile> = {}): Profile =>
  profileSchema.parse({
    name: "ada",
    email: "ada@lovelace-law.ca",
    firstName: "Ada",
    lastName: "Lovelace",
    organization: "Lovelace Law",
    areaOfLaw: "Contracts",
    topicsOfInterest: [],
    occupation: "lawyer",
    internal: false,
    emailVerified: true,
    ...overrides,
  });

/** The server's client config as it embeds it in index.html, checked against the contract's schema. */
const testClientConfig: ClientConfig = clientConfigSchema.parse({
  appEnv: "development",
  productName: "Precis",
  productShortName: "Precis",
  supportEmail: "support@example.com",
  links: Object.fromEntries(
    [
      "caseLawSite",
      "documentation",
      "extension",
      "pdfTool",
      "companySite",
      "productSite",
      "professionalNetwork",
      "socialMedia",
      "extensionStore",
      "videoTutorial",
      "newsletter",
      "externalRedirect",
    ].map((name) => [name, `https://example.com/${name}`]),
  ),
  markers: { caseLawRef: "ref", caseLawAuth: "auth", externalRedirectRef: "redirect", internal: "internal" },
  payments: { publishableKey: "pk_test", pricingTableId: "prctbl_test" },
  sso: { isConfigured: false },
  extensionIds: [],
  operator: {
    legalName: "Precis Inc.",
    postalAddress: "1 Main St, Ottawa ON",
    governingJurisdiction: "ON",
    currency: "CAD",
  },
  privacy: {
    officerName: "Grace Hopper",
    officerTitle: { en: "Privacy Officer", fr: "Responsable de la protection des renseignements personnels" },
    officerEmail: "privacy@example.com",
    deletionGraceDays: 30,
    retentionDays: { sessions: 90, stripePayloads: 30, auditEvents: 365, docsFeedback: 365, knownBrowsers: 90 },
  },
});

const noSessionActions: SessionActions = {
  logOut: () => undefined,
  isLoggingOut: false,
  forgetSession: () => undefined,
  refreshProfile: () => Promise.resolve(),
};

export type RenderOptions = {
  language?: SupportedLanguage;
  /** The signed-in account the app state holds (null: nobody signed in). */
  profile?: Profile | null;
  /** The text catalogues the component reads, loaded before it renders as its page loads them. */
  namespaces?: FlatNamespace[];
  /** Where the router is. */
  path?: string;
};

/**
 * Renders `ui` inside what the app gives a page (app/providers.tsx, main.tsx): the real English or French
 * catalogues, antd's theme and locale, a fresh query client, the client config, a router at `path`, the app state
 * with `profile`, and session actions that do nothing. Returns Testing Library's queries and a user-event `user`.
 */
export async function renderWithApp(
  ui: ReactNode,
  { language = "en", profile = testProfile(), namespaces = [], path = "/profile" }: RenderOptions = {},
): Promise<RenderResult & { user: UserEvent }> {
  await i18nReady;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(namespaces);
  const appState: AppState = {
    isLoggedIn: profile !== null,
    isProfilePending: false,
    profile,
    isCanLiiOrigin: false,
    setIsCanLiiOrigin: () => undefined,
    activeTitle: DEFAULT_ACTIVE_TITLE,
    setActiveTitle: () => undefined,
  };
  const queryClient = createQueryClient();
  // Keys go one after another without a timer between them: the tests wait on what the page shows, not on time.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <ClientConfigProvider config={testClientConfig}>
      <QueryClientProvider client={queryClient}>
        <UiProvider>
          {/*
           * The app's theme, with antd's styles left to a stylesheet as in the browser's build (zeroRuntime, decision
           * 033): jsdom lays nothing out, and parsing every component's generated CSS tripled the project's time.
           * Without motion: jsdom runs no CSS transition, so a closing dialog would never end.
           */}
          <ConfigProvider theme={{ token: { motion: false }, zeroRuntime: true }}>
            <AppStateContext value={appState}>
              <SessionActionsContext value={noSessionActions}>
                <MemoryRouter initialEntries={[path]}>
                  <Suspense fallback={null}>{ui}</Suspense>
                </MemoryRouter>
              </SessionActionsContext>
            </AppStateContext>
          </ConfigProvider>
        </UiProvider>
      </QueryClientProvider>
    </ClientConfigProvider>,
  );
  return { ...result, user };
}
