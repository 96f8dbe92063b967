import { addDays, businessToday, RATE_MESSAGES } from '@pledge-desk/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { RateManagementPage } from '../pages/rate-management-page';

/** The rate form's messages fit what was typed, and a rate cannot be dated after today. */
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openAddRate(user: ReturnType<typeof userEvent.setup>) {
  seedSession({ user: adminUser, company: mainBranch });
  render(
    <AppProviders>
      <MemoryRouter>
        <RateManagementPage />
      </MemoryRouter>
    </AppProviders>,
  );
  await user.click((await screen.findAllByRole('button', { name: 'Add Rate' }))[0]!);
  return screen.getByRole('dialog', { name: 'Add Rate' });
}

describe('gold and silver rate form', () => {
  it('says -5 and 0 must be more than zero, not that they are required', async () => {
    const fetchMock = stubApi({ 'GET /api/gold_silver_rates': () => jsonResponse([]) });
    const user = userEvent.setup();
    const dialog = await openAddRate(user);
    await user.type(within(dialog).getByLabelText('Gold Rate per gram (24K, Rs.)'), '-5');
    await user.type(within(dialog).getByLabelText('Silver Rate per gram (Rs.)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Gold rate must be more than zero')).toBeInTheDocument();
    expect(within(dialog).getByText('Silver rate must be more than zero')).toBeInTheDocument();
    expect(within(dialog).queryByText(/is required/)).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it("refuses tomorrow's date under the date field and sends nothing", async () => {
    const fetchMock = stubApi({ 'GET /api/gold_silver_rates': () => jsonResponse([]) });
    const user = userEvent.setup();
    const dialog = await openAddRate(user);
    const date = within(dialog).getByLabelText('Date');
    expect(within(dialog).getByTestId('date-picker-input')).toHaveAttribute('max', businessToday());
    fireEvent.change(date, { target: { value: addDays(businessToday(), 1) } });
    await user.type(within(dialog).getByLabelText('Gold Rate per gram (24K, Rs.)'), '7500');
    await user.type(within(dialog).getByLabelText('Silver Rate per gram (Rs.)'), '95');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(RATE_MESSAGES.futureDate)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });
});
