/* global document, window, requestAnimationFrame */
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
  // Input the app is not there to answer yet: a language picked in the page's switcher, a tap on
  // a button marked data-early-tap, written on <html>; a tap on any other button, marked on that
  // button. The app applies them once it has taken the page over (src/lib/early-input.ts); nothing
  // is recorded once the app runs (data-app-running), and no other button once it starts to render
  // (data-app-starting: React then replays the taps itself).
  var root = document.documentElement;
  function appRunning() {
    return root.hasAttribute('data-app-running');
  }
  function recordButton(event, button) {
    if (root.hasAttribute('data-app-starting')) return;
    var previous = document.querySelector('[data-early-tapped]');
    if (previous) previous.removeAttribute('data-early-tapped');
    button.setAttribute('data-early-tapped', '');
    // A form's button would send the form as the browser does without script; the app sends it.
    if (button.type === 'submit' && button.form) event.preventDefault();
  }
  document.addEventListener(
    'change',
    function (event) {
      var target = event.target;
      if (appRunning() || !target || !target.hasAttribute) return;
      if (target.hasAttribute('data-language-switcher')) {
        root.setAttribute('data-picked-language', target.value);
      }
    },
    true,
  );
  document.addEventListener(
    'click',
    function (event) {
      var target = event.target;
      if (appRunning() || !target || !target.closest) return;
      var named = target.closest('[data-early-tap]');
      if (named) {
        root.setAttribute('data-early-tap', named.getAttribute('data-early-tap'));
        return;
      }
      var button = target.closest('button');
      if (button && !button.disabled) recordButton(event, button);
    },
    true,
  );
  // A hidden tab paints nothing (and runs no animation frames): load at once.
  if (document.visibilityState === 'hidden') return load();
  // Loads once the page's content is on screen: its first contentful paint, reported when that
  // frame was presented (a frame callback runs before its frame is painted, and the entry's
  // requests then compete with the paint), and the picture the page leads with
  // (img[fetchpriority=high], a post's cover) decoded and a frame later, so on a slow connection
  // the picture has the bandwidth before the app's code.
  var lead = document.querySelector('img[fetchpriority="high"]');
  var waiting = lead && lead.decode ? 2 : 1;
  function done() {
    waiting -= 1;
    if (waiting === 0) load();
  }
  function afterNextFrame() {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(done, 0);
      });
    });
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') !== -1) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      done();
    }).observe({ type: 'paint', buffered: true });
  } else {
    afterNextFrame();
  }
  // A picture that fails to load or decode does not hold the app back.
  if (waiting === 2) lead.decode().then(afterNextFrame, afterNextFrame);
  // Should no frame come (a browser that throttles them), the app still loads.
  setTimeout(load, 3000);
})();
