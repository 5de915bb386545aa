// Runs before the app's scripts. A file rather than an inline script: the Content-Security-Policy
// allows scripts from 'self' only.
(function () {
  // The stored theme (dark by default), applied before the first paint so the page never flashes.
  try {
    var theme = localStorage.getItem('stackwise.theme') === 'light' ? 'light' : 'dark';
    var root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(theme);
    root.style.colorScheme = theme;
  } catch {
    /* storage unavailable: keep the default */
  }
  // The dashboard's summary, started with the session (index.html preloads that one) while the
  // scripts load rather than once they have run: the app's fetch of the URL takes this answer.
  if (location.pathname.replace(/\/$/, '') === '/app') {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'use-credentials';
    link.href = '/api/dashboard/summary';
    document.head.appendChild(link);
  }
})();
