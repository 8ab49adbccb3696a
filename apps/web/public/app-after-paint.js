// Starts the app once a page the server rendered has been painted. On slow mobile data the shopper sees the page
// while the app's code loads, and the stylesheet and pictures get the bandwidth first. The server
// (apps/api/src/plugins/first-screen.ts) puts the app's module scripts on hold in such a page, as
// <script type="text/x-after-paint" src="…">, which the browser neither fetches nor runs, and loads this file.
const held = [...document.querySelectorAll('script[type="text/x-after-paint"]')].map((script) => script.src);
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const src of held) import(src);
  }, 0),
);
