/*
 * Web Push for the installed app, imported by the Workbox service worker (vite.config.ts,
 * `workbox.importScripts`). The server sends JSON { title, body, url, tag } (API.md "Real
 * channels"); a tap focuses a window already showing that page, or opens it.
 */
/* global self */
self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Exhale';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: typeof data.url === 'string' ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = new URL(
    (event.notification.data && event.notification.data.url) || '/',
    self.location.origin,
  );
  // Only the app's own pages: a payload never sends the member elsewhere.
  const target =
    wanted.origin === self.location.origin ? wanted : new URL('/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => {
        const url = new URL(client.url);
        return url.origin === target.origin && url.pathname === target.pathname;
      });
      if (open) return open.focus();
      return self.clients.openWindow(target.href);
    })(),
  );
});
