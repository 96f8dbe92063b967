import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { pledgeView } from '@/features/pledges/list/__tests__/pledge-fixtures';
import { clerkUser, jsonResponse } from '@/test/helpers';
import { openRenew, preview } from './renew-pledge-fixtures';

afterEach(() => {
  window.location.hash = '';
});

const counterClerk = { ...clerkUser, permissions: ['customers.read', 'customers.create', 'pledges.handle'] };

interface SentBody {
  items: { keep: { pledge_item_id: number; gross_weight: number; net_weight: number }[] };
  weight_increase_reason?: string;
  approver?: { username: string; password: string };
}

/** The server's preview: the chain (stored 8.5 / 7 g) weighed heavier is listed for an approval. */
function previewOf(sent: SentBody) {
  const chain = sent.items.keep.find((k) => k.pledge_item_id === 11)!;
  const heavier = chain.gross_weight > 8.51 || chain.net_weight > 7.01;
  return preview({
    weight_increases: heavier
      ? [
          {
            pledge_item_id: 11,
            stored_gross_weight: 8.5,
            stored_net_weight: 7,
            gross_weight: chain.gross_weight,
            net_weight: chain.net_weight,
          },
        ]
      : [],
  });
}

describe('Renew / Top-up: a kept article weighed heavier than stored', () => {
  it("asks a clerk for the reason and an admin's name and password, sends them, and shows the server's refusal", async () => {
    const saves: SentBody[] = [];
    openRenew(
      {
        'POST /api/pledges/7/renew/preview': ({ init }) =>
          jsonResponse(previewOf(JSON.parse(String(init?.body)) as SentBody)),
        'POST /api/pledges/7/renew': ({ init }) => {
          saves.push(JSON.parse(String(init?.body)) as SentBody);
          return jsonResponse(
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
          );
        },
      },
      pledgeView(),
      counterClerk,
    );
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save Renewal' });
    await waitFor(() => expect(save).toBeEnabled());
    expect(screen.queryByRole('group', { name: 'Weight increase: admin approval' })).toBeNull();

    const net = screen.getByLabelText('Net weight of Chain');
    await user.clear(net);
    await user.type(net, '8');
    const group = await screen.findByRole('group', { name: 'Weight increase: admin approval' });
    expect(
      screen.getByText(
        "Chain: Heavier than the 8.500 g / 7.000 g stored: gold does not gain weight, so this needs a reason and an admin's approval.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(save).toBeEnabled());

    // Nothing typed: the fields say what is missing, nothing is sent.
    await user.click(save);
    expect(within(group).getByText('Enter the reason for the weight increase')).toBeInTheDocument();
    expect(within(group).getByText('Enter the approving admin’s username')).toBeInTheDocument();
    expect(within(group).getByText('Enter the approving admin’s password')).toBeInTheDocument();
    expect(saves).toEqual([]);

    await user.type(
      within(group).getByLabelText('Reason for the weight increase'),
      'Stone reset by the customer',
    );
    await user.type(within(group).getByLabelText('Approving admin username'), 'admin');
    const password = within(group).getByLabelText('Approving admin password') as HTMLInputElement;
    await user.type(password, 'not-it');
    await user.click(save);
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({
      items: { keep: [{ pledge_item_id: 11, net_weight: 8 }, { pledge_item_id: 12 }] },
      weight_increase_reason: 'Stone reset by the customer',
      approver: { username: 'admin', password: 'not-it' },
    });
    // The refusal stands under the password, which is emptied.
    expect(
      await within(group).findByText('The approver’s username or password is wrong.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(password.value).toBe(''));
  });

  it('an admin gives only the reason: they approve it themselves', async () => {
    const saves: SentBody[] = [];
    openRenew({
      'POST /api/pledges/7/renew/preview': ({ init }) =>
        jsonResponse(previewOf(JSON.parse(String(init?.body)) as SentBody)),
      'POST /api/pledges/7/renew': ({ init }) => {
        saves.push(JSON.parse(String(init?.body)) as SentBody);
        return jsonResponse({ detail: 'Something went wrong on the server' }, 503);
      },
    });
    const user = userEvent.setup();
    const gross = await screen.findByLabelText('Gross weight of Chain');
    await user.clear(gross);
    await user.type(gross, '9');
    const group = await screen.findByRole('group', { name: 'Weight increase: admin approval' });
    expect(within(group).queryByLabelText('Approving admin password')).toBeNull();
    await user.type(within(group).getByLabelText('Reason for the weight increase'), 'Old ticket misread');
    const save = screen.getByRole('button', { name: 'Save Renewal' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.weight_increase_reason).toBe('Old ticket misread');
    expect(saves[0]!.approver).toBeUndefined();
  });
});
