/* Pages fetched on demand, a few kept parsed; only mounted ones are in the DOM. */
export const element = (tag, attributes = {}, ...children) => {
  const made = document.createElement(tag);
  for (const name in attributes) made.setAttribute(name, attributes[name]);
  made.append(...children);
  return made;
};
export const button = (name, label, text = label) => element('button', { type: 'button', 'data-folio': name, 'aria-label': label }, text);
export const fetchAs = (url, as) => fetch(url).then((response) => {
  if (!response.ok) throw Error(response.status + ' ' + url);
  return response[as]();
});

export function pages(book, root, say) {
  const parsed = new Map(), loading = new Map(), leaves = new Map(), keepFocus = () => root.focus();
  function remember(page, article) {
    parsed.delete(page);
    parsed.set(page, article);
    for (const [kept, keptArticle] of parsed) if (parsed.size > 12 && !keptArticle.isConnected) parsed.delete(kept);
    return article;
  }
  function load(page) {
    const url = book.url(page);
    if (parsed.has(page)) return Promise.resolve(remember(page, parsed.get(page)));
    if (!loading.has(page)) loading.set(page, fetchAs(url, 'text').then((html) => {
      const article = new DOMParser().parseFromString(html, 'text/html').querySelector('article.page');
      document.adoptNode(article); // so that isConnected means "in this document"
      for (const linking of article.querySelectorAll('[href],[src]')) for (const name of ['href', 'src']) {
        const value = linking.getAttribute(name);
        if (value && value[0] != '#') linking.setAttribute(name, new URL(value, url).href);
      }
      return remember(page, article);
    }).finally(() => loading.delete(page)));
    return loading.get(page);
  }
  function leaf(page) {
    let article = leaves.get(page);
    if (!article) {
      article = parsed.get(page) || fill(page, element('article', { class: `page page-${book.side(page)}`, 'data-page': page }));
      leaves.set(page, article);
    }
    return article;
  }
  // A placeholder until the page comes: then the page takes its place, its attributes and its focus.
  function fill(page, placeholder) {
    load(page).then((article) => {
      if (leaves.get(page) != placeholder) return;
      for (const name of ['style', 'inert', 'aria-hidden']) {
        placeholder.hasAttribute(name) ? article.setAttribute(name, placeholder.getAttribute(name)) : article.removeAttribute(name);
      }
      const focused = placeholder.contains(document.activeElement);
      placeholder.replaceWith(article);
      leaves.set(page, article);
      if (focused) keepFocus();
    }, () => {
      if (leaves.get(page) != placeholder) return;
      const retry = button('retry', say('retry'));
      retry.onclick = () => { placeholder.replaceChildren(); fill(page, placeholder); keepFocus(); };
      placeholder.replaceChildren(element('p', {}, say('load-failed')), retry);
    });
    return placeholder;
  }
  return {
    load, leaf, leaves, keepFocus,
    adopt(page, article) { article.remove(); remember(page, article); },
    mount(wanted, parentOf) {
      for (const [page, article] of leaves) if (!wanted.includes(page)) {
        if (article.contains(document.activeElement)) keepFocus();
        article.remove();
        leaves.delete(page);
      }
      for (const page of wanted) {
        const article = leaf(page);
        if (!article.isConnected) parentOf(page).append(article);
      }
    },
    // An inert page drops focus to <body>: keep it in the book.
    expose(article, shown) {
      if (!shown && article.contains(document.activeElement)) keepFocus();
      article.toggleAttribute('inert', !shown);
      shown ? article.removeAttribute('aria-hidden') : article.setAttribute('aria-hidden', true);
    },
  };
}
