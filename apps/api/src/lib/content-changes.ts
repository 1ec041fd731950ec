/**
 * "An operator changed the public blog or news": what the process-local caches of that content
 * listen to (the content service's lists, the server-rendered blog and news pages), so this
 * process shows a change at once; other processes within their caches' 30 s (decision 062).
 */
export class ContentChanges {
  private readonly listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** A successful write to the console's blog or news (admin-editorial routes). */
export function isEditorialWrite(method: string, url: string, statusCode: number): boolean {
  return (
    method !== 'GET' &&
    method !== 'HEAD' &&
    statusCode < 400 &&
    /^\/api\/admin\/(blogs|news)(\/|\?|$)/.test(url)
  );
}
