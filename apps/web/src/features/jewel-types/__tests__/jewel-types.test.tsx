import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { adminUser, heldAnswer, jsonResponse, mainBranch, seedSession, stubApi } from '../../../test/helpers';
import { JewelTypesPage } from '../pages/jewel-types-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const chain = {
  id: 7,
  jewel_name: 'Chain',
  description: 'Gold chain',
  purity: '22K',
  status: true,
  created_at: '2026-11-01T10:00:00Z',
};

function renderPage() {
  seedSession({ user: adminUser, company: mainBranch });
  return render(
    <AppProviders>
      <JewelTypesPage />
    </AppProviders>,
  );
}

describe('jewel types', () => {
  it('shows a full-page spinner while loading, then the types with Active/Inactive', async () => {
    const list = heldAnswer<Response>();
    stubApi({ 'GET /api/jewel-types/': list.hold });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading jewel types...');
    await list.release(jsonResponse([chain, { ...chain, id: 8, jewel_name: 'Ring', status: false }]));
    const table = await screen.findByRole('table', { name: 'Jewel Types' });
    expect(within(table).getByText('Chain').closest('tr')).toHaveTextContent('Chain22KGold chainActive');
    expect(within(table).getByText('Ring').closest('tr')).toHaveTextContent('Inactive');
  });

  it("says 'Failed to fetch jewel types.' when the list cannot be loaded", async () => {
    stubApi({ 'GET /api/jewel-types/': () => jsonResponse({ detail: 'boom' }, 500) });
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Failed to fetch jewel types.',
    );
  });

  it('requires the name and the purity, and sends nothing until they are given', async () => {
    const fetchMock = stubApi({ 'GET /api/jewel-types/': () => jsonResponse([]) });
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Add Jewel Type' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Jewel Type' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Jewel name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Purity is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('puts the server duplicate-name message under the name field and keeps the dialog open', async () => {
    stubApi({
      'GET /api/jewel-types/': () => jsonResponse([chain]),
      'POST /api/jewel-types/': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'jewel_name'],
                msg: 'A jewel type with this name already exists.',
                type: 'duplicate',
              },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Jewel Type' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Jewel Type' });
    await user.type(within(dialog).getByLabelText('Jewel Name'), 'chain');
    await user.type(within(dialog).getByLabelText('Purity'), '22K');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A jewel type with this name already exists.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Jewel Name')).toHaveValue('chain');
  });

  it("asks before deleting and shows the server's 409 when the type is in use", async () => {
    stubApi({
      'GET /api/jewel-types/': () => jsonResponse([chain]),
      'DELETE /api/jewel-types/7': () =>
        jsonResponse({ detail: 'This jewel type is used by 2 schemes.' }, 409),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Chain' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Jewel Type' });
    expect(dialog).toHaveTextContent('Delete the jewel type "Chain"?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Delete Failed');
    expect(toast).toHaveTextContent('This jewel type is used by 2 schemes.');
  });
});
