import type { DayDetail } from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, stubApi } from '@/test/helpers';
import { currentOf, openDrawer, renderDayCloseAt as renderAt, renderDrawerPage } from './drawer-fixtures';

function inTamil() {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  refreshLanguage();
});

function dayOf(status: 'open' | 'closed'): DayDetail {
  return {
    company: { id: 1, company_name: 'Main Branch', address: '12 Car Street', licence_no: 'TN-PB-0042' },
    day: { date: '2026-11-23', status, closed_at: null, closed_by: null, events: [] },
    drawers: [openDrawer()],
    totals: {
      opening: 5000,
      added: 0,
      receipts: 1200,
      payouts: 3000,
      expected: 3200,
      counted: null,
      difference: null,
    },
    outside_drawers: { receipts: 500, payouts: 0, count: 1 },
    day_cash: { receipts: 1700, payouts: 3000, count: 3 },
  };
}

describe('cash drawer in Tamil', () => {
  it('opens the drawer in Tamil: the grid, a wrong count, the toast and the live figures', async () => {
    inTamil();
    let drawer: ReturnType<typeof openDrawer> | null = null;
    stubApi({
      'GET /api/cash-drawer/current': () => jsonResponse(currentOf(drawer)),
      'POST /api/cash-drawer/open': () => {
        drawer = openDrawer();
        return jsonResponse(drawer, 201);
      },
    });
    const user = userEvent.setup();
    renderDrawerPage();
    expect(await screen.findByRole('heading', { name: 'பணப்பெட்டியைத் திற' })).toBeInTheDocument();
    const grid = screen.getByRole('table', { name: 'தொடக்கக் கையிருப்பு' });
    for (const header of ['நோட்டு வகை', 'எண்ணிக்கை', 'மதிப்பு']) {
      expect(within(grid).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(grid).getByRole('rowheader', { name: 'தொடக்க மொத்தம்' })).toBeInTheDocument();
    await user.type(within(grid).getByLabelText('₹500 நோட்டுகள்'), 'ten');
    await user.click(screen.getByRole('button', { name: 'பணப்பெட்டியைத் திற' }));
    expect(await screen.findByText('கீழே குறிக்கப்பட்ட எண்ணிக்கைகளைச் சரிசெய்யவும்.')).toBeInTheDocument();
    expect(within(grid).getByText('₹500 நோட்டுகளின் எண்ணிக்கையை முழு எண்ணாக உள்ளிடவும்')).toBeInTheDocument();
    await user.clear(within(grid).getByLabelText('₹500 நோட்டுகள்'));
    await user.type(within(grid).getByLabelText('₹500 நோட்டுகள்'), '10');
    await user.click(screen.getByRole('button', { name: 'பணப்பெட்டியைத் திற' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('வெற்றி');
    expect(toast).toHaveTextContent('பணப்பெட்டி திறக்கப்பட்டது');
    expect(await screen.findByRole('heading', { name: 'நடப்புப் பணப்பெட்டி' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'வகைவாரியான பண நகர்வுகள்' });
    expect(within(table).getByRole('rowheader', { name: 'அடகுக் கடன் வழங்கல்' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'செலுத்துதல்கள்' })).toBeInTheDocument();
    expect(screen.getByText('எதிர்பார்க்கும் ரொக்கம்')).toBeInTheDocument();
  });

  it('closes with a difference in Tamil: the approval fields, the shortage and the server’s sentence', async () => {
    inTamil();
    stubApi({
      'GET /api/cash-drawer/current': () => jsonResponse(currentOf(openDrawer())),
      'POST /api/cash-drawer/close': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'approver', 'password'],
                msg: 'The approver’s username or password is wrong.',
                type: 'value_error',
              },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderDrawerPage();
    const grid = await screen.findByRole('table', { name: 'மூடும்போது எண்ணியது' });
    await user.type(within(grid).getByLabelText('₹500 நோட்டுகள்'), '6');
    expect(screen.getByTestId('drawer-difference')).toHaveTextContent('குறைவு Rs. 200.00');
    await user.click(screen.getByRole('button', { name: 'பணப்பெட்டியை மூடு' }));
    expect(await screen.findByText('அங்கீகரிக்கும் நிர்வாகியின் பயனர் பெயரை உள்ளிடவும்')).toBeInTheDocument();
    await user.type(screen.getByLabelText('அங்கீகரிக்கும் நிர்வாகியின் பயனர் பெயர்'), 'admin');
    await user.type(screen.getByLabelText('அங்கீகரிக்கும் நிர்வாகியின் கடவுச்சொல்'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'பணப்பெட்டியை மூடு' }));
    expect(await screen.findByText('அங்கீகரிப்பவரின் பயனர் பெயர் அல்லது கடவுச்சொல் தவறு.')).toBeInTheDocument();
  });

  it('shows Day Close and a refused close in Tamil', async () => {
    inTamil();
    stubApi({
      'GET /api/days/2026-11-23': () => jsonResponse(dayOf('open')),
      'POST /api/days/2026-11-23/close': () =>
        jsonResponse(
          {
            detail: 'Cash drawers still open: meena. Close them before closing the day.',
            code: 'DRAWERS_OPEN',
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderAt('/day-close');
    const date = screen.getByLabelText('வணிகத் தேதி');
    await user.clear(date);
    await user.type(date, '23/11/2026');
    const table = await screen.findByTestId('day-drawers');
    for (const header of ['பயனர்', 'நிலை', 'வரவு', 'வழங்கல்', 'வேறுபாடு']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByRole('row', { name: /meena/ })).toHaveTextContent('திறந்துள்ளது');
    expect(screen.getByTestId('outside-drawers')).toHaveTextContent(
      'எந்தப் பணப்பெட்டியிலும் சேராத ரொக்கம்: வரவு Rs. 500.00, வழங்கல் Rs. 0.00 (1 வவுச்சர்)',
    );
    expect(screen.getByText('இந்த நாள் இன்னும் முடிக்கப்படவில்லை.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'நாளை முடி' }));
    const dialog = await screen.findByRole('dialog', { name: 'நாளை முடிக்கவா?' });
    await user.click(within(dialog).getByRole('button', { name: 'நாளை முடி' }));
    expect(
      await screen.findByText('இன்னும் திறந்துள்ள பணப்பெட்டிகள்: meena. நாளை முடிப்பதற்கு முன் அவற்றை மூடவும்.'),
    ).toBeInTheDocument();
  });

  it('prints the day-end sheet in Tamil', async () => {
    inTamil();
    stubApi({ 'GET /api/days/2026-11-23': () => jsonResponse(dayOf('open')) });
    renderAt('/day-end/2026-11-23');
    const sheet = await screen.findByTestId('day-end-sheet');
    expect(within(sheet).getByText('நாள் முடிவு ரொக்கத் தாள் · 23/11/2026')).toBeInTheDocument();
    expect(within(sheet).getByText('உரிம எண் TN-PB-0042')).toBeInTheDocument();
    expect(
      within(sheet).getByRole('heading', { name: 'காசாளர்: meena · பணப்பெட்டி இன்னும் திறந்துள்ளது' }),
    ).toBeInTheDocument();
    expect(within(sheet).getByRole('table', { name: 'வகைவாரியான ரொக்கம்' })).toBeInTheDocument();
    expect(within(sheet).getByTestId('sheet-difference')).toHaveTextContent('மூடப்படவில்லை');
    expect(within(sheet).getByText('காசாளர் கையொப்பம்')).toBeInTheDocument();
    expect(within(sheet).getByText('மேலாளர் கையொப்பம்')).toBeInTheDocument();
    expect(within(sheet).getByText('அன்றைய ரொக்க வரவு')).toBeInTheDocument();
    expect(within(sheet).getByTestId('day-receipts')).toHaveTextContent('Rs. 1,700.00');
    expect(within(sheet).getByText('பணப்பெட்டிகளில்')).toBeInTheDocument();
  });
});
