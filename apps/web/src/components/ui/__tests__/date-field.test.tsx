import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import { DateField } from '../date-field';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

function Controlled({ initial, error }: { initial: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return <DateField label="From" value={value} error={error} onChange={(e) => setValue(e.target.value)} />;
}

/** The DD/MM/YYYY a date input is described by (its readout), or null. */
function readoutOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const readout = ids
    .map((id) => document.getElementById(id))
    .find((el) => el?.dataset.testid === 'date-readout');
  return readout?.textContent ?? null;
}

describe('DateField', () => {
  it('writes the chosen day as DD/MM/YYYY beside its label and describes the input with it', () => {
    render(<Controlled initial="2026-11-22" />);
    const input = screen.getByLabelText('From');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveValue('2026-11-22');
    expect(screen.getByTestId('date-readout')).toHaveTextContent('22/11/2026');
    expect(readoutOf(input)).toBe('22/11/2026');

    fireEvent.change(input, { target: { value: '2026-01-05' } });
    expect(readoutOf(input)).toBe('05/01/2026');
    // Cleared: no readout, and the input points at nothing.
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.queryByTestId('date-readout')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('keeps the readout with an error, and is described by both', () => {
    render(<Controlled initial="2026-11-01" error="From must be on or before To" />);
    const input = screen.getByLabelText('From');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(readoutOf(input)).toBe('01/11/2026');
    expect(input).toHaveAccessibleDescription('01/11/2026 From must be on or before To');
  });
});

describe('the date filters of the books', () => {
  it.each([
    ['Daybook', '#/admin/daybook', ['From', 'To']],
    ['Trial Balance', '#/admin/reports/trial-balance', ['As of']],
    ['Ledger', '#/admin/reports/ledger', ['From', 'To']],
    ['Day Book', '#/admin/reports/day-book', ['From', 'To']],
  ])('%s reads and shows its dates as DD/MM/YYYY', async (_screen, hash, labels) => {
    seedSession({ user: adminUser, company: mainBranch });
    stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser) });
    window.location.hash = hash;
    renderApp();
    const main = await screen.findByRole('main');
    for (const label of labels) {
      const input = await within(main).findByLabelText(label, { exact: true });
      expect(input).toHaveAttribute('type', 'date');
      fireEvent.change(input, { target: { value: '2026-11-05' } });
      expect(readoutOf(input)).toBe('05/11/2026');
    }
  });
});
