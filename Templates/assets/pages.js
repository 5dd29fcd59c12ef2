/* Pages fetched on demand, a few kept parsed; only mounted ones are in the DOM. */
export const $ = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  e.append(...kids);
  return e;
};
export const button = (name, label, text = label) => $('button', { type: 'button', 'data-folio': name, 'aria-label': label }, text);
export const get = (url, as) => fetch(url).then((r) => { if (!r.ok) throw Error(r.status + ' ' + url); return r[as](); });

export function pages(b, root, say) {
  const cache = new Map(), loading = new Map(), leaves = new Map(), keep = () => root.focus();
  function remember(n, a) {
    cache.delete(n);
    cache.set(n, a);
    for (const [k, e] of cache) if (cache.size > 12 && !e.isConnected) cache.delete(k);
    return a;
  }
  function load(n) {
    const url = b.url(n);
    if (cache.has(n)) return Promise.resolve(remember(n, cache.get(n)));
    if (!loading.has(n)) loading.set(n, get(url, 'text').then((html) => {
      const a = new DOMParser().parseFromString(html, 'text/html').querySelector('article.page');
      document.adoptNode(a); // so that isConnected means "in this document"
      for (const e of a.querySelectorAll('[href],[src]')) for (const k of ['href', 'src']) {
        const v = e.getAttribute(k);
        if (v && v[0] != '#') e.setAttribute(k, new URL(v, url).href);
      }
      return remember(n, a);
    }).finally(() => loading.delete(n)));
    return loading.get(n);
  }
  function leaf(n) {
    let e = leaves.get(n);
    if (!e) leaves.set(n, (e = cache.get(n) || fill(n, $('article', { class: `page page-${b.side(n)}`, 'data-page': n }))));
    return e;
  }
  function fill(n, ph) {
    load(n).then((a) => {
      if (leaves.get(n) != ph) return;
      for (const k of ['style', 'inert', 'aria-hidden']) ph.hasAttribute(k) ? a.setAttribute(k, ph.getAttribute(k)) : a.removeAttribute(k);
      const focused = ph.contains(document.activeElement);
      ph.replaceWith(a);
      leaves.set(n, a);
      if (focused) keep();
    }, () => {
      if (leaves.get(n) != ph) return;
      const r = button('retry', say('retry'));
      r.onclick = () => { ph.replaceChildren(); fill(n, ph); keep(); };
      ph.replaceChildren($('p', {}, say('load-failed')), r);
    });
    return ph;
  }
  return {
    load, leaf, leaves, keep,
    adopt(n, a) { a.remove(); remember(n, a); },
    mount(ns, parent) {
      for (const [n, e] of leaves) if (!ns.includes(n)) {
        if (e.contains(document.activeElement)) keep();
        e.remove();
        leaves.delete(n);
      }
      for (const n of ns) { const e = leaf(n); if (!e.isConnected) parent(n).append(e); }
    },
    // An inert page drops focus to <body>: keep it in the book.
    expose(e, on) {
      if (!on && e.contains(document.activeElement)) keep();
      e.toggleAttribute('inert', !on);
      on ? e.removeAttribute('aria-hidden') : e.setAttribute('aria-hidden', true);
    },
  };
}
