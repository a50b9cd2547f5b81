// The service worker of the installable app (served at /sw.js, so its scope
// is the whole site). It keeps the pages and their files, so the app opens
// even without a connection; the game itself needs the connection (the API
// and the websocket are never cached). Pages and files are fetched from the
// network first, so an update is seen at once, and from the cache when the
// network fails.
const CACHE = "guandan-v14";
const SHELL = [
  "/", "/static/index.html", "/static/table.html", "/static/gdy.html", "/static/play.html", "/static/rules.html", "/static/replay.html",
  "/static/style.css", "/static/i18n.js", "/static/api.js", "/static/lobby.js", "/static/pwa.js",
  "/static/rules.js", "/static/cards.js", "/static/rules_page.js", // the rules page draws its example cards
  "/static/gdy_rules.html", "/static/gdy_rules.js", "/static/gdy_cards.js", "/static/table_view.js",
  "/static/texts/guandan.json", "/static/texts/gdy.json", // each game's texts, which its pages load
  "/static/manifest.webmanifest", "/static/icon-192.png", "/static/icon-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const page = url.origin === location.origin && (url.pathname === "/" || url.pathname.startsWith("/static/"));
  if (event.request.method !== "GET" || !page) return; // the API and the game: always the network
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(event.request, copy));
        }
        return response;
      })
      .catch(() => caches.match(event.request).then((cached) => cached || caches.match("/"))),
  );
});
