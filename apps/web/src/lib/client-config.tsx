import { CLIENT_CONFIG_ELEMENT_ID } from "@precis/contract/boot";
import type { ClientConfig } from "@precis/contract/client-config";
import { operations } from "@precis/contract/operations";
import { createContext, type ReactNode, useContext } from "react";
import { apiRequest } from "@/lib/api-client";

/*
 * The config is not re-validated here: the server checks it against clientConfigSchema before
 * embedding or sending it, and zod in this boot-time module would add about 10 kB (gzip) to the first
 * load of every page.
 */

/**
 * The server embeds the config in index.html so the first screen needs no round trip; the
 * element is empty under `vite dev` (nobody fills it), hence null instead of an error.
 */
export function readEmbeddedClientConfig(doc: Document = document): ClientConfig | null {
  const text = doc.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent?.trim();
  if (!text) return null;
  try {
    return JSON.parse(text) as ClientConfig;
  } catch {
    return null;
  }
}

export async function getClientConfig(): Promise<ClientConfig> {
  return (await apiRequest(operations.getClientConfig)) as ClientConfig;
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
