/** Paths of this app go through the router; anything else is another site and opens in a new tab. */
export function isAppPath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//");
}

/** mailto:/tel: links hand over to another program, so they must not open an empty tab. */
export function isHandOffLink(href: string): boolean {
  return /^(mailto|tel):/i.test(href);
}
