import { addDays, businessToday, RATE_MESSAGES } from '@pledge-desk/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { JewelRatesPage } from '../pages/jewel-rates-page';

/** -100 per gram must be more than zero (not "required"); no effective date after today. */
afterEach(() => {
  vi.unstubAllGlobals();
});

const chain = {
  id: 3,
  jewel_name: 'Chain',
  purity: '22K',
  status: true,
  description: null,
  created_at: '2026-11-01T00:00:00Z',
};

it('says what is wrong with each amount and with a date after today, and sends nothing', async () => {
  const fetchMock = stubApi({
    'GET /api/jewel-rates/': () => jsonResponse([]),
    'GET /api/jewel-types/': () => jsonResponse([chain]),
  });
  const user = userEvent.setup();
  seedSession({ user: adminUser, company: mainBranch });
  render(
    <AppProviders>
      <JewelRatesPage />
    </AppProviders>,
  );
  await user.click((await screen.findAllByRole('button', { name: 'Add Jewel Rate' }))[0]!);
  const dialog = screen.getByRole('dialog', { name: 'Add Jewel Rate' });
  await within(dialog).findByRole('option', { name: 'Chain (22K)' });
  await user.selectOptions(within(dialog).getByLabelText('Jewel Type'), '3');
  await user.type(within(dialog).getByLabelText('Rate per gram (Rs.)'), '-100');
  await user.type(within(dialog).getByLabelText('Market Price (Rs.)'), '-1');
  await user.type(within(dialog).getByLabelText('Selling Price (Rs.)'), '0');
  fireEvent.change(within(dialog).getByLabelText('Effective Date'), {
    target: { value: addDays(businessToday(), 2) },
  });
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Rate per gram must be more than zero')).toBeInTheDocument();
  expect(within(dialog).getByText('Market price cannot be negative')).toBeInTheDocument();
  expect(within(dialog).getByText(RATE_MESSAGES.futureDate)).toBeInTheDocument();
  expect(within(dialog).queryByText(/is required/)).toBeNull();
  expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
});
