import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldAnswer, jsonResponse, stubApi } from '@/test/helpers';
import { chain, renderPage } from './jewel-types-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('jewel types', () => {
  it('shows a full-page spinner while loading, then the types with their metal and Active/Inactive', async () => {
    const list = heldAnswer<Response>();
    stubApi({ 'GET /api/jewel-types/': list.hold });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading jewel types...');
    await list.release(
      jsonResponse([
        chain,
        { ...chain, id: 8, jewel_name: 'Anklet', purity: '92.5', metal: 'silver', status: false },
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Jewel Types' });
    // An answer without a metal (an older server) reads as gold.
    expect(within(table).getByText('Chain').closest('tr')).toHaveTextContent('Chain22KGoldGold chainActive');
    expect(within(table).getByText('Anklet').closest('tr')).toHaveTextContent(
      'Anklet92.5SilverGold chainInactive',
    );
  });

  it('sends the metal chosen, gold unless changed', async () => {
    const sent: unknown[] = [];
    stubApi({
      'GET /api/jewel-types/': () => jsonResponse([]),
      'POST /api/jewel-types/': ({ init }) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        return jsonResponse({ ...chain, ...body, id: 9 }, 201);
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Add Jewel Type' }))[0]!);
    let dialog = screen.getByRole('dialog', { name: 'Add Jewel Type' });
    expect(within(dialog).getByLabelText('Metal')).toHaveDisplayValue('Gold');
    await user.type(within(dialog).getByLabelText('Jewel Name'), 'Chain');
    await user.type(within(dialog).getByLabelText('Purity'), '22K');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Jewel type created successfully.');

    await user.click(screen.getAllByRole('button', { name: 'Add Jewel Type' })[0]!);
    dialog = screen.getByRole('dialog', { name: 'Add Jewel Type' });
    await user.type(within(dialog).getByLabelText('Jewel Name'), 'Anklet');
    await user.type(within(dialog).getByLabelText('Purity'), '92.5');
    await user.selectOptions(within(dialog).getByLabelText('Metal'), 'Silver');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      expect.objectContaining({ jewel_name: 'Chain', metal: 'gold' }),
      expect.objectContaining({ jewel_name: 'Anklet', metal: 'silver' }),
    ]);
  });

  it('sends a silver type back as silver when only its name is edited', async () => {
    let sent: unknown;
    const anklet = { ...chain, id: 8, jewel_name: 'Anklet', purity: '92.5', metal: 'silver' };
    stubApi({
      'GET /api/jewel-types/': () => jsonResponse([anklet]),
      'PUT /api/jewel-types/8': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse({ ...anklet, jewel_name: 'Silver Anklet' });
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Anklet' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Jewel Type' });
    expect(within(dialog).getByLabelText('Metal')).toHaveDisplayValue('Silver');
    await user.clear(within(dialog).getByLabelText('Jewel Name'));
    await user.type(within(dialog).getByLabelText('Jewel Name'), 'Silver Anklet');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Jewel type updated successfully.')).toBeInTheDocument();
    expect(sent).toMatchObject({ jewel_name: 'Silver Anklet', metal: 'silver' });
  });

  it("puts the server's 422 about the metal under the Metal field", async () => {
    stubApi({
      'GET /api/jewel-types/': () => jsonResponse([]),
      'POST /api/jewel-types/': () =>
        jsonResponse(
          {
            detail: [{ loc: ['body', 'metal'], msg: 'Metal must be gold or silver', type: 'invalid_value' }],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click((await screen.findAllByRole('button', { name: 'Add Jewel Type' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Jewel Type' });
    await user.type(within(dialog).getByLabelText('Jewel Name'), 'Chain');
    await user.type(within(dialog).getByLabelText('Purity'), '22K');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Metal must be gold or silver')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Metal')).toHaveAttribute('aria-invalid', 'true');
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
