/** How long the object URL outlives the click that handed the file to the browser's download. */
const REVOKE_AFTER_MS = 10_000;

/**
 * Hands a file the app received to the browser as a download, under `name` or its own name,
 * through a link click.
 */
export function saveFile(file: Blob, name: string = file instanceof File ? file.name : ''): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the download; the URL is then no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
