/** How long the file's address stays valid after the download starts. */
const FILE_URL_LIFETIME_MS = 60_000;

/**
 * Hands a file the app received to the browser's own download, as a link with `download` does: the file
 * is saved where the browser saves downloads, under `fileName`, and the page stays where it is.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  // Outside the page's flow and the accessibility tree: it exists for the click alone.
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a while later, not at once: a browser may still be reading the file when the click returns,
  // and a revoked address would cancel the download.
  window.setTimeout(() => URL.revokeObjectURL(url), FILE_URL_LIFETIME_MS);
}
