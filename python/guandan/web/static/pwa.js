// Registers the service worker that makes the app installable (sw.js).
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => { /* then it is a plain web page */ });
}
