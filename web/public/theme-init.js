// Applies the stored theme before the first paint (dark by default) so the page never flashes.
// A file rather than an inline script: the Content-Security-Policy allows scripts from 'self' only.
(function () {
  try {
    var theme = localStorage.getItem('stackwise.theme') === 'light' ? 'light' : 'dark';
    var root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(theme);
    root.style.colorScheme = theme;
  } catch {
    /* storage unavailable: keep the default */
  }
})();
