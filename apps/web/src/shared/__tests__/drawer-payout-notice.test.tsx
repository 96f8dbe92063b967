import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, mainBranch, seedSession } from '@/test/helpers';
import { checkDrawerPayout, DrawerPayoutNotice } from '../cash-drawer/drawer-payout-notice';

// The payout screens' drawer check, the domain's verdict on the screen's figures.

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  refreshLanguage();
});

const settings = {
  cash_limit: 20000,
  cash_limit_mode: 'warn',
  no_drawer_payout: 'warn',
  drawer_short_payout: 'block',
} as const;
type Current = NonNullable<Parameters<typeof checkDrawerPayout>[0]['current']>;
const day: Current['day'] = {
  date: '2026-11-28',
  status: 'open',
  closed_at: null,
  closed_by: null,
  events: [],
};
/** The clerk's drawer as the check reads it: its status and what it holds (null: none opened). */
const current = (expected: number | null, status: 'open' | 'closed' = 'open'): Current => ({
  date: '2026-11-28',
  day,
  drawer: expected === null ? null : ({ status, expected } as Current['drawer']),
});
const base = { method: 'cash', date: '2026-11-28', settings, isAdmin: false };

describe('checkDrawerPayout', () => {
  it('a cash payout the drawer holds passes in silence; one it does not is blocked', () => {
    expect(checkDrawerPayout({ ...base, amountPaise: 2_525_000, current: current(25250) })).toEqual({
      blocked: false,
      message: null,
    });
    expect(checkDrawerPayout({ ...base, amountPaise: 7_870_000, current: current(25250) })).toEqual({
      blocked: true,
      message:
        'Your cash drawer holds ₹25,250.00, less than this cash payout of ₹78,700.00. Pay by bank transfer or online.',
    });
  });

  it('admin mode lets an admin through and tells a clerk to ask one', () => {
    const admin = { ...base, settings: { ...settings, drawer_short_payout: 'admin' as const } };
    expect(
      checkDrawerPayout({ ...admin, isAdmin: true, amountPaise: 7_870_000, current: current(25250) }),
    ).toEqual({
      blocked: false,
      message: null,
    });
    expect(checkDrawerPayout({ ...admin, amountPaise: 7_870_000, current: current(25250) }).message).toMatch(
      /An admin must make this payout, or pay by bank transfer or online\.$/,
    );
  });

  it('no drawer: warns, or blocks when the company says so; bank payouts and unknown figures gate nothing', () => {
    expect(checkDrawerPayout({ ...base, amountPaise: 100, current: current(null) })).toMatchObject({
      blocked: false,
      message: expect.stringMatching(/^You have no cash drawer open for 28\/11\/2026: /),
    });
    const block = { ...base, settings: { ...settings, no_drawer_payout: 'block' as const } };
    expect(checkDrawerPayout({ ...block, amountPaise: 100, current: current(null) }).blocked).toBe(true);
    expect(
      checkDrawerPayout({ ...block, method: 'bank_transfer', amountPaise: 100, current: current(null) }),
    ).toEqual({ blocked: false, message: null });
    expect(checkDrawerPayout({ ...block, amountPaise: 100, current: undefined }).blocked).toBe(false);
  });
});

describe('the drawer notice in Tamil', () => {
  it('says the drawer holds less than the payout in Tamil, naming both amounts', () => {
    window.localStorage.setItem('language', 'ta');
    refreshLanguage();
    seedSession({ user: adminUser, company: mainBranch });
    const check = checkDrawerPayout({ ...base, amountPaise: 7_870_000, current: current(25250) });
    render(
      <AppProviders>
        <DrawerPayoutNotice check={check} />
      </AppProviders>,
    );
    expect(screen.getByTestId('drawer-payout-block')).toHaveTextContent(
      'உங்கள் பணப்பெட்டியில் ₹25,250.00 மட்டுமே உள்ளது, இந்த ரொக்க வழங்கல் ₹78,700.00. வங்கிப் பரிமாற்றம் அல்லது ஆன்லைனில் வழங்கவும்.',
    );
  });
});
