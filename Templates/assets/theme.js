/* Folio colour theme. No defer: the saved theme is set before the first paint. The button
   cycles system (no data-theme), light, dark, sepia; no aria-pressed, as it has four states.
   Until the reader picks one, the book's default-theme (data-default-theme on this script) holds. */
(() => {
  const KEY = 'folio-theme', THEMES = ['system', 'light', 'dark', 'sepia'], html = document.documentElement;
  const buttons = () => document.querySelectorAll('[data-theme-toggle]');
  const script = document.currentScript, DEFAULT = (script && script.dataset.defaultTheme) || 'system';
  const stored = () => { try { return localStorage.getItem(KEY) || DEFAULT; } catch (e) { return DEFAULT; } };
  let theme;

  function apply(t) {
    theme = THEMES.indexOf(t) > 0 ? t : 'system';
    if (theme === 'system') html.removeAttribute('data-theme'); else html.setAttribute('data-theme', theme);
    for (const button of buttons()) {
      const value = button.querySelector('[data-theme-value]');
      if (value) value.textContent = button.dataset[theme];
    }
  }
  function cycle() {
    apply(THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]);
    try { if (theme === DEFAULT) localStorage.removeItem(KEY); else localStorage.setItem(KEY, theme); } catch (e) {}
  }

  apply(stored());
  document.addEventListener('DOMContentLoaded', () => {
    for (const button of buttons()) {
      button.addEventListener('click', cycle);
      button.hidden = false;
    }
    apply(theme);
  });
  // Follow the other tabs.
  addEventListener('storage', (e) => { if (e.key === KEY || e.key === null) apply(stored()); });
})();
