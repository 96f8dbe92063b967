import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import { candidate, notice } from './notices-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('the batch print', () => {
  it('prints one bilingual letter per notice with the amount due and the sale date; a reprint says DUPLICATE', async () => {
    seedSession({ user: adminUser, company: mainBranch });
    window.location.hash = '#/pledge/notices/print/3';
    const print = vi.fn();
    vi.stubGlobal('print', print);
    let prints = 0;
    stubApi({
      'GET /api/users/me': () => jsonResponse(adminUser),
      'GET /api/notices': () => jsonResponse({ total_count: 1, rows: [{ ...notice, prints }] }),
      'GET /api/companies/1': () => jsonResponse({ ...mainBranch, company_name: 'Sri Lakshmi Jewel Loans' }),
      'POST /api/notice-batches/3/prints': () => {
        prints += 1;
        return jsonResponse({ notices: [{ notice_id: 5, prints, duplicate: prints > 1 }] });
      },
    });
    renderApp();
    const letter = await screen.findByRole('article', { name: 'Notice N/2026-27/0001' });
    await within(letter).findByText('Sri Lakshmi Jewel Loans');
    expect(within(letter).getByText('NOTICE BEFORE SALE')).toBeInTheDocument();
    expect(within(letter).getByText('/ விற்பனைக்கு முன் அறிவிப்பு')).toBeInTheDocument();
    expect(within(letter).getByText('Murugan')).toBeInTheDocument();
    expect(within(letter).getByText('Kasu Mala')).toBeInTheDocument();
    expect(within(letter).getByTestId('notice-amount-due')).toHaveTextContent('Rs. 47,200.00');
    expect(within(letter).getByTestId('notice-sale-after')).toHaveTextContent('20/12/2026');
    expect(within(letter).queryByTestId('duplicate-mark')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(within(letter).queryByTestId('duplicate-mark')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));
    expect(await within(letter).findByTestId('duplicate-mark')).toHaveTextContent('DUPLICATE / நகல்');
  });
});

describe('the notices page', () => {
  it('creates a batch from the chosen overdue pledges and shows a refusal under its row', async () => {
    seedSession({ user: adminUser, company: mainBranch });
    window.location.hash = '#/pledge/notices';
    let refuse = true;
    const fetchMock = stubApi({
      'GET /api/users/me': () => jsonResponse(adminUser),
      'GET /api/notices/candidates': () =>
        jsonResponse({
          as_of: '2026-11-26',
          grace_days: 0,
          notice_wait_days: 30,
          total_count: 1,
          rows: [candidate],
        }),
      'GET /api/notices': () => jsonResponse({ total_count: 0, rows: [] }),
      'POST /api/notices': () =>
        refuse
          ? jsonResponse(
              {
                detail: [
                  { loc: ['body', 'pledge_ids', 0], msg: 'Pledge GL7 is closed.', type: 'value_error' },
                ],
              },
              422,
            )
          : jsonResponse({ batch_id: 3, notice_date: '2026-11-26', notices: [notice] }, 201),
    });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose pledge GL7' }));
    await user.click(screen.getByRole('button', { name: 'Create notices (1)' }));
    expect(await screen.findByText('Pledge GL7 is closed.')).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Create notices (1)' }));
    await waitFor(() => expect(window.location.hash).toBe('#/pledge/notices/print/3'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body)).pledge_ids).toEqual([7]);
  });

  it("offers 'Send a new notice' when a pledge's notice is still open, and sends the batch again as fresh notices", async () => {
    seedSession({ user: adminUser, company: mainBranch });
    window.location.hash = '#/pledge/notices';
    const fetchMock = stubApi({
      'GET /api/users/me': () => jsonResponse(adminUser),
      'GET /api/notices/candidates': () =>
        jsonResponse({
          as_of: '2026-11-26',
          grace_days: 0,
          notice_wait_days: 30,
          total_count: 1,
          rows: [candidate],
        }),
      'GET /api/notices': () => jsonResponse({ total_count: 0, rows: [] }),
      'POST /api/notices': ({ init }) =>
        JSON.parse(String(init?.body)).renew === true
          ? jsonResponse({ batch_id: 4, notice_date: '2026-11-26', notices: [notice] }, 201)
          : jsonResponse(
              {
                detail: [
                  {
                    loc: ['body', 'pledge_ids', 0],
                    msg: 'Pledge GL7 already has notice N/2026-27/0001 of 20/11/2026; to replace it, send a new notice.',
                    type: 'value_error',
                  },
                ],
                code: 'NOTICE_OPEN',
              },
              409,
            ),
    });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Choose pledge GL7' }));
    await user.click(screen.getByRole('button', { name: 'Create notices (1)' }));
    expect(
      await screen.findByText(
        'Pledge GL7 already has notice N/2026-27/0001 of 20/11/2026; to replace it, send a new notice.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a new notice' }));
    await waitFor(() => expect(window.location.hash).toBe('#/pledge/notices/print/4'));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)).renew)).toEqual([undefined, true]);
  });

  it('marks a notice that a fresh one replaced', async () => {
    seedSession({ user: adminUser, company: mainBranch });
    window.location.hash = '#/pledge/notices';
    stubApi({
      'GET /api/users/me': () => jsonResponse(adminUser),
      'GET /api/notices/candidates': () =>
        jsonResponse({ as_of: '2026-11-26', grace_days: 0, notice_wait_days: 30, total_count: 0, rows: [] }),
      'GET /api/notices': () =>
        jsonResponse({
          total_count: 1,
          rows: [
            { ...notice, superseded_at: '2026-11-26T05:00:00.000Z', superseded_by_no: 'N/2026-27/0009' },
          ],
        }),
    });
    renderApp();
    const row = await screen.findByTestId('notice-row-N/2026-27/0001');
    expect(within(row).getByText('Replaced by N/2026-27/0009')).toBeInTheDocument();
  });
});
