/*
 * Loads the app's scripts once the first screen painted from the HTML is on the screen (server/http/first-screen.ts).
 * A token page whose HTML carries its first screen names its scripts here instead of loading them at once: the
 * entry as `data-entry` of this script, its preloads as `<link rel="pp-modulepreload">`. The stylesheet and the
 * logo then have the connection to themselves, and the scripts start once the first screen has been painted.
 * Each element it creates carries the integrity the server wrote beside its URL (`data-entry-integrity`, the
 * preload's `integrity`): the browser refuses a script whose bytes differ, as for the scripts in the HTML.
 */
(function () {
  // A tap on a page the server rendered through the app (data-release="settled") before the app has taken its place
  // would do nothing yet (a button, a checkbox): it is kept, by where it is in the painted page, and made again on the
  // app's own element at the same place once the app has taken over (src/ui/first-screen.ts). So is a tap while the app
  // hydrates the page it took over (`data-pp-hydrating` on <html>): React would drop it or half-take it (the box
  // toggles, the app's state does not), so it is kept from React too and made again once hydrated. A link is left to
  // the browser: it loads its page.
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element) || target.closest('a[href]')) return;
    var screen = document.getElementById('pp-first-screen');
    var top = null;
    if (screen && screen.getAttribute('data-release') === 'settled' && screen.contains(target)) {
      top = target;
      while (top.parentElement && top.parentElement !== screen) top = top.parentElement;
    } else if (document.documentElement.hasAttribute('data-pp-hydrating')) {
      var root = document.getElementById('root');
      if (root && root.contains(target) && root !== target) top = root;
    }
    if (!top || top === target) return;
    event.preventDefault();
    event.stopPropagation();
    // child indices from the variant (the app's #root once taken over) down to the target
    var path = [];
    for (var node = target; node !== top; node = node.parentElement) {
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    (window.__ppFirstScreenTaps = window.__ppFirstScreenTaps || []).push(path);
  }, true);

  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  var entryIntegrity = script && script.getAttribute('data-entry-integrity');
  if (!entry || !entryIntegrity) return;
  var started = false;
  // Appending a preload costs the page about a millisecond on a fast machine (the fetch is set up at once, against the
  // import map), several on a slow phone: a few per task, so a tap in between is not kept waiting by one long task.
  var PRELOADS_PER_TASK = 4;
  function load() {
    if (started) return;
    started = true;
    var links = document.querySelectorAll('link[rel="pp-modulepreload"]');
    var urls = [];
    var next = 0;
    (function appendSome() {
      for (var end = Math.min(next + PRELOADS_PER_TASK, links.length); next < end; next++) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.integrity = links[next].getAttribute('integrity') || '';
        link.href = links[next].getAttribute('href');
        document.head.appendChild(link);
        urls.push(link.href);
      }
      if (next < links.length) setTimeout(appendSome, 0);
      else evaluateInTurn(urls, 0);
    })();
  }
  // The entry's module graph, evaluated at once, is one long task on a slow phone (React, XState, every machine the
  // page defines, its styles: 40-80 ms at 4x CPU). The preloads are listed imports first (server/http/bootstrap.ts,
  // chunkChain), so importing them one by one, a task apart, evaluates one chunk per task; the entry then finds its
  // graph evaluated and runs its own body alone. A chunk that fails to load is left to the entry, which reports it.
  function evaluateInTurn(urls, index) {
    if (index >= urls.length) return appendEntry();
    import(urls[index]).then(function () {
      setTimeout(function () { evaluateInTurn(urls, index + 1); }, 0);
    }, appendEntry);
  }
  var entryAppended = false;
  function appendEntry() {
    if (entryAppended) return;
    entryAppended = true;
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.integrity = entryIntegrity;
    module.src = entry;
    document.head.appendChild(module);
  }
  // Once the first contentful paint has been presented (its paint-timing entry is delivered then). A hidden tab paints
  // nothing: it loads at once. Without paint timing, right after the first frame. In any case within a second.
  var types = (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes) || [];
  if (document.visibilityState === 'hidden') {
    load();
  } else if (types.indexOf('paint') >= 0) {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(load, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () { setTimeout(load, 0); });
  }
  setTimeout(load, 1000);
})();
