/**
 * Waiting for a still page instead of a fixed time. No vitest here: the screenshot scripts,
 * which run outside the test runner, use it too.
 */
import type { Page } from 'playwright-core';

/**
 * Waits until the page is still: the web fonts loaded, nothing loading (no `aria-busy="true"`: the
 * tables' and forms' skeletons; `allowBusy` to photograph one) and no animation running (a toast's or
 * dialog's fade-in, a button's colour transition, a spinner or pulsing skeleton, the route loader's
 * bar). For axe, which must not measure a half-drawn colour, and for a screenshot. Not a sleep: it
 * returns at once on a still page.
 */
export async function settled(
  page: Page,
  { allowBusy = false }: { allowBusy?: boolean } = {},
): Promise<void> {
  await page.waitForFunction(
    (allowBusy) =>
      document.fonts.status === 'loaded' &&
      (allowBusy || document.querySelector('[aria-busy="true"]') === null) &&
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    allowBusy,
    { polling: 'raf', timeout: 15_000 },
  );
}

/**
 * Waits until the page's charts are drawn: a chart draws once at a stand-in size and again when its
 * ResizeObserver reports the real one (not an animation `settled` sees), so the charts' SVG must be
 * the same two frames running.
 */
export async function chartsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const store = window as unknown as { __chartsSeen?: string };
      const now = Array.from(document.querySelectorAll('svg[data-chart]'))
        .map((svg) => svg.innerHTML)
        .join('|');
      const same = store.__chartsSeen === now;
      store.__chartsSeen = now;
      return same;
    },
    undefined,
    { polling: 'raf', timeout: 15_000 },
  );
}
