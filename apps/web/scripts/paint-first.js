/* global document, requestAnimationFrame */
/*
 * The app's loader on the server-rendered public pages (decision 069). The page arrives with its
 * content, so the app's code can wait until that content is on screen: on a slow connection the
 * stylesheet and the page's picture then get the bandwidth first, and the first paint comes
 * sooner. The page's <script> names the entry and the modules to preload (src/server/load-after-paint.ts).
 */
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var preloads = (script.getAttribute('data-preload') || '').split(' ');
  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    preloads.forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  // A language picked in the page's switcher before the app runs (src/lib/early-language-pick.ts).
  document.addEventListener(
    'change',
    function (event) {
      var target = event.target;
      if (target && target.hasAttribute && target.hasAttribute('data-language-switcher')) {
        document.documentElement.setAttribute('data-picked-language', target.value);
      }
    },
    true,
  );
  // A hidden tab paints nothing (and runs no animation frames): load at once.
  if (document.visibilityState === 'hidden') return load();
  // The frame callback runs once the stylesheet is in and the page about to be painted; the
  // timeout after it, once that frame is on screen.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
  // Should no frame come (a browser that throttles them), the app still loads.
  setTimeout(load, 3000);
})();
