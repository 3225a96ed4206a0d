// The web client's service worker: the app shell (styles and scripts) and the screens last seen are kept
// in this browser, so that a page opens without a network and logs made there wait (writes.js) until the
// connection returns. Nothing of /v1 and no live stream is kept: they are always the server's.

const shell = 'habits-shell-v1';
const pages = 'habits-pages-v1';
const shellFiles = ['/web/app.css', '/web/app.js', '/web/form.js', '/web/context-menu.js', '/web/writes.js'];
// Pages that change who is signed in: the screens kept are someone's, so they go.
const accountPages = ['/signin', '/signup', '/signout'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(shell).then((cache) => cache.addAll(shellFiles)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => names.filter((name) => ![shell, pages].includes(name)))
      .then((old) => Promise.all(old.map((name) => caches.delete(name))))
      .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  // Signing out is a POST: any request to these pages forgets the screens kept.
  if (accountPages.includes(url.pathname)) {
    event.waitUntil(caches.delete(pages));
    return;
  }
  if (request.method !== 'GET') return;
  if (url.pathname.startsWith('/web/')) {
    event.respondWith(networkFirst(request, shell));
  } else if (request.mode === 'navigate' && (url.pathname === '/' || /^\/screens\/[^/]+$/.test(url.pathname))) {
    event.respondWith(networkFirst(request, pages));
  }
});

// The server's answer when it can be had (and kept for later), else the kept one.
async function networkFirst(request, cacheName) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(cacheName);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}
