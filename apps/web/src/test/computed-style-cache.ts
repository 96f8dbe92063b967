/**
 * jsdom computes a style by matching every rule of its built-in stylesheet against the element, and
 * Testing Library asks for the computed style of every candidate and each of its ancestors on each
 * role query and on every poll of a `findBy…`/`waitFor` (30 % of the web suite's CPU).
 * The answer only changes when the document does, so it is kept per element until the next change:
 * a MutationObserver on the whole document (attributes, including style, class and hidden; children;
 * text) is read synchronously with `takeRecords()` on every call, so a change made a statement
 * earlier is never answered from the cache.
 */
export function cacheComputedStyle(win: Window & typeof globalThis): void {
  const compute = win.getComputedStyle.bind(win);
  // Keyed by the pseudo-element too: the accessible name asks for ::before and ::after of each node.
  let cache = new Map<string, WeakMap<Element, CSSStyleDeclaration>>();
  const observer = new win.MutationObserver(() => {
    cache = new Map();
  });
  observer.observe(win.document, { attributes: true, childList: true, characterData: true, subtree: true });
  win.getComputedStyle = (element: Element, pseudoElt?: string | null): CSSStyleDeclaration => {
    if (observer.takeRecords().length > 0) cache = new Map();
    const key = pseudoElt ?? '';
    let styles = cache.get(key);
    if (styles === undefined) {
      styles = new WeakMap();
      cache.set(key, styles);
    }
    let style = styles.get(element);
    if (style === undefined) {
      style = pseudoElt ? compute(element, pseudoElt) : compute(element);
      styles.set(element, style);
    }
    return style;
  };
}
