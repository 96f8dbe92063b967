import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { complianceView, jsonResponse, stubApi } from '@/test/helpers';
import {
  chooseScheme,
  loadCustomer,
  lookupHandlers,
  pickDesign,
  renderAt,
  storedPledge,
} from './pledge-form-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const COMPLIANCE = 'GET /api/companies/1/compliance';
const EXPIRED =
  'The licence TN-PB-0042 expired on 24/11/2026. No new pledge can be made until it is renewed.';
const save = () => screen.getByRole('button', { name: /Save Pledge|Saving/ });
const expired = complianceView({
  licence_expiry: '2026-11-24',
  licence_state: 'expired',
  licence_days_left: -1,
  licence_message: EXPIRED,
});

describe('create pledge: the branch licence', () => {
  it('says at the top that the licence has expired, and keeps Save off, before anything is typed', async () => {
    stubApi({ ...lookupHandlers(), [COMPLIANCE]: () => jsonResponse(expired) });
    renderAt('/pledge/create');
    const alert = await screen.findByTestId('licence-blocked');
    expect(alert).toHaveTextContent(EXPIRED);
    expect(alert).toHaveAttribute('role', 'alert');
    expect(save()).toBeDisabled();
    expect(save()).toHaveAccessibleDescription(EXPIRED);
  });

  it('leaves the form as it was while the licence is valid', async () => {
    stubApi({ ...lookupHandlers(), [COMPLIANCE]: () => jsonResponse(complianceView()) });
    renderAt('/pledge/create');
    await waitFor(() => expect(save()).toBeEnabled());
    expect(screen.queryByTestId('licence-blocked')).toBeNull();
  });

  it('lets an existing pledge be edited after the licence expired: only a new pledge is refused', async () => {
    stubApi({
      ...lookupHandlers(),
      [COMPLIANCE]: () => jsonResponse(expired),
      'GET /api/pledges/40': () => jsonResponse(storedPledge),
    });
    renderAt('/pledge/edit/40');
    await screen.findByTestId('edit-pledge-no');
    expect(screen.getByRole('button', { name: 'Update Pledge' })).toBeEnabled();
    expect(screen.queryByTestId('licence-blocked')).toBeNull();
  });

  it("shows the server's 409 when the licence expired while the clerk typed, and Save goes off", async () => {
    let licence = complianceView();
    const fetchMock = stubApi({
      ...lookupHandlers(),
      [COMPLIANCE]: () => jsonResponse(licence),
      'POST /api/pledges/with-items': () => {
        licence = expired;
        return jsonResponse({ detail: EXPIRED, code: 'LICENCE_EXPIRED' }, 409);
      },
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await loadCustomer(user);
    await chooseScheme(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Item' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await pickDesign(user, 1, 'Ring');
    await user.type(screen.getByLabelText('Gross weight in grams, row 1'), '10.5');
    await user.type(screen.getByLabelText('Final Loan Amount'), '40000');
    await user.click(save());

    expect(await screen.findByTestId('licence-blocked')).toHaveTextContent(EXPIRED);
    expect(save()).toBeDisabled();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
  });
});
