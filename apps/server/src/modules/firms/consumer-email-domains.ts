import freeEmailDomains from "free-email-domains";

/*
 * Mail domains no firm can claim, in any join mode (decision 038): their mailboxes belong to a provider's
 * customers, not to one firm's people.
 *
 * Sources:
 * - `free-email-domains` (npm, MIT; HubSpot's list of free email providers, some 14,000 domains, kept up to date by
 *   its maintainers): gmail.com, outlook.com, yahoo.ca and the like.
 * - The list below: the mailbox domains Canadian internet providers give their customers, and the privacy mail
 *   providers, as each provider's own mail-settings pages name them; compared with free-email-domains 1.12.6 in
 *   December 2026. Most of them it lacked (sympatico.ca, telus.net, cogeco.ca, eastlink.ca, sasktel.net, mts.net,
 *   tutanota.com…); the few it has (bell.net, shaw.ca, rogers.com, videotron.ca, live.ca, proton.me) are written
 *   here too, so refusing the best-known Canadian ones never rests on another list keeping them.
 *
 * Each entry covers its subdomains too (nb.sympatico.ca, nl.rogers.com). A provider's corporate domain (telus.com,
 * rogers.ca) is not here: its own staff, in-house counsel included, may form a firm there.
 */
const canadianProviderAndPrivacyDomains = [
  // Bell (Sympatico, Bell Aliant, Bell MTS)
  "sympatico.ca",
  "bell.net",
  "bellnet.ca",
  "bellaliant.net",
  "aliant.net",
  "nbnet.nb.ca",
  "mts.net",
  "mymts.net",
  // Telus
  "telus.net",
  "telusplanet.net",
  // Rogers, Shaw
  "rogers.com",
  "shaw.ca",
  // Vidéotron
  "videotron.ca",
  "videotron.qc.ca",
  // Cogeco
  "cogeco.ca",
  "cogeco.net",
  "cgocable.ca",
  // Eastlink, SaskTel, Tbaytel
  "eastlink.ca",
  "sasktel.net",
  "tbaytel.net",
  // Rural and independent providers
  "xplornet.com",
  "xplornet.ca",
  "distributel.ca",
  "distributel.net",
  "teksavvy.com",
  "execulink.com",
  "start.ca",
  "primus.ca",
  "ca.inter.net",
  "istar.ca",
  "magma.ca",
  "ebox.com",
  "vif.com",
  "globetrotter.net",
  "accesscable.net",
  "kos.net",
  "golden.net",
  "bmts.com",
  "wightman.ca",
  "tcc.on.ca",
  "cyg.net",
  "nexicom.net",
  "vianet.ca",
  "personainternet.com",
  "lightspeed.ca",
  // Microsoft's Canadian consumer domain
  "live.ca",
  // Privacy and forwarding providers
  "proton.me",
  "protonmail.com",
  "pm.me",
  "tutanota.com",
  "tutanota.de",
  "tuta.com",
  "tuta.io",
  "skiff.com",
  "disroot.org",
  "riseup.net",
  "ctemplar.com",
  "startmail.com",
  "kolabnow.com",
  "countermail.com",
  "lavabit.com",
  "simplelogin.com",
  "anonaddy.me",
  "addy.io",
];

const consumerEmailDomains: ReadonlySet<string> = new Set([...freeEmailDomains, ...canadianProviderAndPrivacyDomains]);

/** Whether `domain`, or a domain it is under (nb.sympatico.ca under sympatico.ca), is a provider's customers'. */
export function isConsumerEmailDomain(domain: string) {
  const labels = domain.toLowerCase().split(".");
  for (let start = 0; start < labels.length - 1; start += 1) {
    if (consumerEmailDomains.has(labels.slice(start).join("."))) return true;
  }
  return false;
}
