/**
 * Checks of a printed paper shared by the browser tests: whether the reprint's DUPLICATE / நகல் stamp
 * lies over any text of the paper, and whether two elements' boxes meet.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * The texts of the paper that the reprint's stamp covers: each text node's boxes (a line each) against
 * the stamp's box, on what is drawn (not `visibility: hidden`, e.g. Content Only's labels).
 */
export function textsUnderStamp(page: Page, paperSelector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const paper = document.querySelector(selector);
    const stamp = paper?.querySelector('[data-testid="duplicate-mark"]');
    if (!paper || !stamp) throw new Error('no paper or no stamp');
    const s = stamp.getBoundingClientRect();
    const found: string[] = [];
    const walker = document.createTreeWalker(paper, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || stamp.contains(parent) || !node.textContent?.trim()) continue;
      if (getComputedStyle(parent).visibility !== 'visible') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of Array.from(range.getClientRects())) {
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom) {
          found.push(node.textContent.trim());
          break;
        }
      }
    }
    return found;
  }, paperSelector);
}

/** Whether two elements' boxes meet. */
export async function boxesMeet(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!x || !y) throw new Error('an element has no box');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** The number of sheets the page prints on (its PDF at the page's own @page size). */
export async function printedSheets(page: Page): Promise<number> {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  return (pdf.match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
}
