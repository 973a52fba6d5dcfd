import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig, clientConfigSchema } from "@precis/contract/client-config";
import { createContext, type ReactNode, useContext } from "react";
import { apiRequest } from "@/lib/api-client";

/**
 * The server embeds the config in index.html so the first screen needs no round trip; the
 * element is empty under `vite dev` (nobody fills it), hence null instead of an error.
 */
export function readEmbeddedClientConfig(doc: Document = document): ClientConfig | null {
  const text = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent?.trim();
  if (!text) return null;
  try {
    const parsed = clientConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function getClientConfig(): Promise<ClientConfig> {
  return apiRequest("/client-config", { schema: clientConfigSchema });
}

/** Embedded config first, then the API: the app never renders without a valid config. */
export async function loadClientConfig(): Promise<ClientConfig> {
  return readEmbeddedClientConfig() ?? getClientConfig();
}

const ClientConfigContext = createContext<ClientConfig | null>(null);

export function ClientConfigProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ClientConfigContext value={config}>{children}</ClientConfigContext>;
}

export function useClientConfig(): ClientConfig {
  const config = useContext(ClientConfigContext);
  if (!config) throw new Error("useClientConfig must be used inside <ClientConfigProvider>");
  return config;
}
