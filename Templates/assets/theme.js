/* Colour theme, set before the first paint (no defer). Four states: no aria-pressed.
   Until the reader picks one, the book's default-theme (data-default-theme here) holds. */
(() => {
  const KEY = 'folio-theme', THEMES = ['system', 'light', 'dark', 'sepia'], html = document.documentElement;
  const DEFAULT = document.currentScript?.dataset.defaultTheme || 'system';
  const toggles = () => document.querySelectorAll('[data-theme-toggle]');
  const stored = () => { try { return localStorage.getItem(KEY) || DEFAULT; } catch { return DEFAULT; } };
  let theme;

  function apply(chosen) {
    theme = THEMES.includes(chosen) ? chosen : 'system';
    theme == 'system' ? html.removeAttribute('data-theme') : html.setAttribute('data-theme', theme);
    for (const toggle of toggles()) for (const label of toggle.querySelectorAll('[data-theme-value]')) label.textContent = toggle.dataset[theme];
  }

  apply(stored());
  document.addEventListener('DOMContentLoaded', () => {
    for (const toggle of toggles()) {
      toggle.hidden = false;
      toggle.onclick = () => {
        apply(THEMES[(THEMES.indexOf(theme) + 1) % 4]);
        try { theme == DEFAULT ? localStorage.removeItem(KEY) : localStorage.setItem(KEY, theme); } catch {}
      };
    }
    apply(theme);
  });
  addEventListener('storage', () => apply(stored())); // another tab's choice
})();
