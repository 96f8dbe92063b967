import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DenominationGrid } from '../components/denomination-grid';
import { type DenominationText, emptyDenominationText, readDenominations } from '../denomination-model';

function Grid() {
  const [value, setValue] = useState<DenominationText>(emptyDenominationText);
  return (
    <form>
      <DenominationGrid caption="Opening float" value={value} onChange={setValue} />
    </form>
  );
}

describe('the denomination grid', () => {
  it('totals notes by count × value plus the coins in rupees (12 × ₹500 + 3 × ₹200 + ₹37.50 = ₹6,637.50)', () => {
    const text = { ...emptyDenominationText(), '500': '12', '200': '3', coins: '37.50' };
    const read = readDenominations(text);
    expect(read.totalPaise).toBe(663_750);
    expect(read.denominations).toEqual({
      '500': 12,
      '200': 3,
      '100': 0,
      '50': 0,
      '20': 0,
      '10': 0,
      coins: 37.5,
    });
    expect(read.errors).toEqual({});
  });

  it('refuses a count that is not a whole number, and counts it as nothing until corrected', () => {
    const read = readDenominations({ ...emptyDenominationText(), '100': '2.5', '50': '-1', '10': '4' });
    expect(read.errors['100']).toMatch(/whole number/);
    expect(read.errors['50']).toMatch(/whole number/);
    expect(read.totalPaise).toBe(4_000);
  });

  it('shows each row’s value and the live total as the clerk types, and Enter moves down a row', async () => {
    const user = userEvent.setup();
    render(<Grid />);
    const fiveHundreds = screen.getByLabelText('₹500 notes');
    await user.type(fiveHundreds, '4{Enter}');
    expect(screen.getByLabelText('₹200 notes')).toHaveFocus();
    await user.keyboard('5{Enter}');
    expect(screen.getByLabelText('₹100 notes')).toHaveFocus();
    expect(screen.getByTestId('row-value-500')).toHaveTextContent('Rs. 2,000.00');
    expect(screen.getByTestId('row-value-200')).toHaveTextContent('Rs. 1,000.00');
    await user.type(screen.getByLabelText('Coins (₹)'), '12.5');
    expect(screen.getByTestId('denomination-total')).toHaveTextContent('Rs. 3,012.50');
    await user.type(screen.getByLabelText('₹10 notes'), 'x');
    expect(screen.getByLabelText('₹10 notes')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter the count of ₹10 notes as a whole number')).toBeInTheDocument();
  });
});
