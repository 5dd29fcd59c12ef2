/* Colour theme, set before the first paint (no defer). Four states: no aria-pressed.
   Until the reader picks one, the book's default-theme (data-default-theme here) holds. */
(() => {
  const KEY = 'folio-theme', THEMES = ['system', 'light', 'dark', 'sepia'], html = document.documentElement;
  const DEFAULT = document.currentScript?.dataset.defaultTheme || 'system';
  const buttons = () => document.querySelectorAll('[data-theme-toggle]');
  const stored = () => { try { return localStorage.getItem(KEY) || DEFAULT; } catch { return DEFAULT; } };
  let theme;

  function apply(t) {
    theme = THEMES.includes(t) ? t : 'system';
    theme == 'system' ? html.removeAttribute('data-theme') : html.setAttribute('data-theme', theme);
    for (const b of buttons()) for (const v of b.querySelectorAll('[data-theme-value]')) v.textContent = b.dataset[theme];
  }

  apply(stored());
  document.addEventListener('DOMContentLoaded', () => {
    for (const b of buttons()) {
      b.hidden = false;
      b.onclick = () => {
        apply(THEMES[(THEMES.indexOf(theme) + 1) % 4]);
        try { theme == DEFAULT ? localStorage.removeItem(KEY) : localStorage.setItem(KEY, theme); } catch {}
      };
    }
    apply(theme);
  });
  addEventListener('storage', () => apply(stored())); // another tab's choice
})();
