/* Colour theme, set before the first paint (no defer). Four states: no aria-pressed. */
(() => {
  const KEY = 'folio-theme', THEMES = ['system', 'light', 'dark', 'sepia'], html = document.documentElement;
  const buttons = () => document.querySelectorAll('[data-theme-toggle]');
  const stored = () => { try { return localStorage.getItem(KEY); } catch {} };
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
        try { theme == 'system' ? localStorage.removeItem(KEY) : localStorage.setItem(KEY, theme); } catch {}
      };
    }
    apply(theme);
  });
  addEventListener('storage', () => apply(stored())); // another tab's choice
})();
