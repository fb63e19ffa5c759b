/**
 * Full page loads. A group switch reloads the app so that no data of the previous group
 * survives in caches, sockets or component state (spec 000 §4).
 */
export function loadUrl(url: string): void {
  window.location.assign(url);
}

export function reloadPage(): void {
  window.location.reload();
}
