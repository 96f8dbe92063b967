import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CashLimitControl, checkCashLimit } from '../cash-limit/cash-limit-control';

const warn = { cash_limit: 20000, cash_limit_mode: 'warn' as const };
const block = { cash_limit: 20000, cash_limit_mode: 'block' as const };

describe('the cash limit check', () => {
  it('lets cash under the limit pass and stops cash of exactly the limit (₹20,000 or more)', () => {
    const base = { method: 'cash', confirmed: false, what: 'payout' as const };
    expect(checkCashLimit({ ...base, amountPaise: 1_999_999, settings: block }).verdict).toBe('ok');
    expect(checkCashLimit({ ...base, amountPaise: 2_000_000, settings: block }).verdict).toBe('block');
    expect(checkCashLimit({ ...base, amountPaise: 2_000_000, settings: warn }).verdict).toBe('confirm');
    expect(checkCashLimit({ ...base, amountPaise: 2_000_000, settings: warn, confirmed: true }).verdict).toBe(
      'ok',
    );
  });

  it('never stops a bank, online or cheque amount, however large', () => {
    for (const method of ['bank', 'bank_transfer', 'online', 'cheque']) {
      const check = checkCashLimit({
        amountPaise: 9_000_000,
        method,
        settings: block,
        confirmed: false,
        what: 'receipt',
      });
      expect(check).toMatchObject({ verdict: 'ok', isOverLimit: false });
    }
  });

  it('gates nothing while the settings are unknown: the server applies the limit', () => {
    const check = checkCashLimit({
      amountPaise: 9_000_000,
      method: 'cash',
      settings: null,
      confirmed: false,
      what: 'receipt',
    });
    expect(check).toMatchObject({ verdict: 'ok', isOverLimit: false });
  });
});

function Control({ settings, amountPaise }: { settings: typeof warn | typeof block; amountPaise: number }) {
  const [confirmed, setConfirmed] = useState(false);
  const check = checkCashLimit({ amountPaise, method: 'cash', settings, confirmed, what: 'payout' });
  return (
    <>
      <CashLimitControl check={check} confirmed={confirmed} onConfirmedChange={setConfirmed} />
      <p data-testid="verdict">{check.verdict}</p>
    </>
  );
}

describe('the cash limit control', () => {
  it('block mode: says to choose bank or online, with no box to tick', () => {
    render(<Control settings={block} amountPaise={2_500_000} />);
    expect(screen.getByTestId('cash-limit-block')).toHaveTextContent(
      'A cash payout of ₹20,000 or more is not allowed. Choose bank transfer or online.',
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('warn mode: the box "Customer insists on cash (₹20,000 or more)" turns the verdict to ok', async () => {
    const user = userEvent.setup();
    render(<Control settings={warn} amountPaise={2_500_000} />);
    expect(screen.getByTestId('verdict')).toHaveTextContent('confirm');
    await user.click(screen.getByRole('checkbox', { name: 'Customer insists on cash (₹20,000 or more)' }));
    expect(screen.getByTestId('verdict')).toHaveTextContent('ok');
  });

  it('shows nothing under the limit', () => {
    render(<Control settings={warn} amountPaise={1_000_000} />);
    expect(screen.queryByTestId('cash-limit-confirm')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cash-limit-block')).not.toBeInTheDocument();
  });
});

describe('the cash limit control without settings', () => {
  it("shows the server's 422 on the confirmation with its box, even when the settings were not read", () => {
    const check = checkCashLimit({
      amountPaise: 9_000_000,
      method: 'cash',
      settings: null,
      confirmed: false,
      what: 'receipt',
    });
    render(
      <CashLimitControl
        check={check}
        confirmed={false}
        onConfirmedChange={() => {}}
        error="Confirm the cash receipt"
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Customer insists on cash' })).toBeInTheDocument();
    expect(screen.getByText('Confirm the cash receipt')).toBeInTheDocument();
  });
});
