/** Saves a file the app received for the user, under its own name, through a link click. */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
