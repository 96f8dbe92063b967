/** At 1280 px the company chip shows which branch, not only the business's name. */
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { useBrowser } from './support.ts';
import { seedStorage, signInByApi } from './walk.ts';

const desktop = useBrowser({ width: 1280, height: 900 });

describe('the company chip at 1280 px', () => {
  it("shows the branch of 'Sri Lakshmi Jewel Loans - Chennai' whole", async () => {
    const signedIn = await signInByApi(desktop.baseUrl, adminCredentials);
    const session = {
      ...signedIn,
      company: { ...signedIn.company, company_name: 'Sri Lakshmi Jewel Loans - Chennai', city: 'Chennai' },
    };
    const page = desktop.page();
    await seedStorage(page, session, 'light');
    await page.goto(`${desktop.baseUrl}/#/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const chip = page.getByTestId('company-chip');
    const tail = chip.getByText('- Chennai');
    expect(await tail.isVisible()).toBe(true);
    // Measured once the web font is in (font-display: swap draws the fallback first, and the chip's width
    // changes when the font arrives) and both boxes in one look, so they describe the same layout.
    const boxes = await chip.evaluate(async (el) => {
      await document.fonts.ready;
      const tailEl = Array.from(el.children).find((c) => c.textContent === ' - Chennai') as HTMLElement;
      const [chipRect, tailRect] = [el.getBoundingClientRect(), tailEl.getBoundingClientRect()];
      return {
        chipRight: chipRect.right,
        tailRight: tailRect.right,
        clipped: tailEl.scrollWidth > tailEl.clientWidth,
      };
    });
    // The tail is drawn whole, inside the chip (not clipped by the ellipsis).
    expect(boxes.tailRight).toBeLessThanOrEqual(boxes.chipRight + 0.5);
    expect(boxes.clipped).toBe(false);
    expect(desktop.problems()).toEqual([]);
  });
});
