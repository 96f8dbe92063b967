import { screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { currentOf, openDrawer, renderDayCloseAt, renderDrawerPage } from './drawer-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

// A drawer that paid out more than it took printed '-Rs 1,28,499.00' on the Cash
// Drawer screen and 'Rs -1,28,499.00' on its day-end sheet. One form, the domain's formatRupees.
const shortDrawer = openDrawer({ receipts: 0, payouts: 133_499, expected: -128_499 });

it('prints a negative amount one way on the live drawer and on its day-end sheet', async () => {
  stubApi({
    'GET /api/cash-drawer/current': () => jsonResponse(currentOf(shortDrawer)),
    'GET /api/cash-drawers/31': () => jsonResponse(shortDrawer),
  });
  renderDrawerPage();
  expect(await screen.findByTestId('drawer-expected')).toHaveTextContent('-Rs. 1,28,499.00');
});

it('prints the day-end sheet’s negative expected cash as -Rs., never Rs. -', async () => {
  stubApi({ 'GET /api/cash-drawers/31': () => jsonResponse(shortDrawer) });
  renderDayCloseAt('/day-end/2026-11-23?drawer=31');
  const sheet = await screen.findByTestId('day-end-sheet');
  expect(within(sheet).getByTestId('sheet-expected')).toHaveTextContent(/^-Rs\. 1,28,499\.00$/);
  expect(sheet).not.toHaveTextContent('Rs. -');
});
