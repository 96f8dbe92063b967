import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateTextOf, maskDateText, readDateText } from '@/lib/date-text';
import { refreshLanguage } from '@/lib/i18n/language';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import { DateField } from '../date-field';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
  localStorage.clear();
  refreshLanguage();
});

function Controlled({
  initial,
  error,
  onValue,
}: {
  initial: string;
  error?: string;
  onValue?: (v: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="From"
        value={value}
        error={error}
        onChange={(e) => {
          setValue(e.target.value);
          onValue?.(e.target.value);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('the DD/MM/YYYY text of a date', () => {
  it('formats a YYYY-MM-DD and nothing else', () => {
    expect(dateTextOf('2026-11-28')).toBe('28/11/2026');
    expect(dateTextOf('2026-02-30')).toBe('');
    expect(dateTextOf('')).toBe('');
    expect(dateTextOf(undefined)).toBe('');
  });

  it('masks typed digits into DD/MM/YYYY and turns a YYYY-MM-DD round', () => {
    expect(maskDateText('2')).toBe('2');
    expect(maskDateText('281')).toBe('28/1');
    expect(maskDateText('28112026')).toBe('28/11/2026');
    expect(maskDateText('28/11/20261')).toBe('28/11/2026');
    expect(maskDateText('1/2/2026')).toBe('01/02/2026');
    expect(maskDateText('01-02-2026')).toBe('01/02/2026');
    expect(maskDateText('2026-11-28')).toBe('28/11/2026');
  });

  it('reads a whole DD/MM/YYYY, and tells half a date from an impossible one', () => {
    expect(readDateText('28/11/2026')).toEqual({ kind: 'date', iso: '2026-11-28' });
    expect(readDateText('29/02/2028')).toEqual({ kind: 'date', iso: '2028-02-29' });
    expect(readDateText('')).toEqual({ kind: 'empty' });
    expect(readDateText('28/11/20')).toEqual({ kind: 'incomplete' });
    expect(readDateText('31/02/2026')).toEqual({ kind: 'impossible' });
    expect(readDateText('29/02/2026')).toEqual({ kind: 'impossible' });
    expect(readDateText('12/13/2026')).toEqual({ kind: 'impossible' });
  });
});

describe('DateField', () => {
  it('shows its YYYY-MM-DD value as DD/MM/YYYY in a text input, never the browser order', () => {
    render(<Controlled initial="2026-11-28" />);
    const input = screen.getByLabelText('From');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('28/11/2026');
    expect(input).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  });

  it('takes typed DD/MM/YYYY and gives the form YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    render(<Controlled initial="" />);
    const input = screen.getByLabelText('From');
    await user.type(input, '05012026');
    expect(input).toHaveValue('05/01/2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-01-05');
    // Half a date is no date: the value empties, and leaving the field says how to write one.
    await user.type(input, '{Backspace}{Backspace}');
    expect(screen.getByTestId('value')).toHaveTextContent(/^$/);
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter the date as DD/MM/YYYY.');
  });

  it('says an impossible date is none, in English and in Tamil', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Controlled initial="2026-02-01" />);
    const input = screen.getByLabelText('From');
    await user.clear(input);
    await user.type(input, '31022026');
    expect(input).toHaveValue('31/02/2026');
    expect(screen.getByTestId('value')).toHaveTextContent(/^$/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('31/02/2026 is not a date: check the day and the month.');
    unmount();

    localStorage.setItem('language', 'ta');
    refreshLanguage();
    render(<Controlled initial="" />);
    const tamil = screen.getByLabelText('From');
    await user.type(tamil, '31022026');
    expect(tamil).toHaveAccessibleDescription('31/02/2026 என்ற தேதி இல்லை: நாளையும் மாதத்தையும் சரிபார்க்கவும்.');
  });

  it('follows a value set from outside, and shows the form error', () => {
    const { rerender } = render(
      <DateField label="From" value="2026-11-01" error="From must be on or before To" onChange={() => {}} />,
    );
    const input = screen.getByLabelText('From');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('From must be on or before To');
    rerender(<DateField label="From" value="2026-12-31" onChange={() => {}} />);
    expect(input).toHaveValue('31/12/2026');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('takes a day from the calendar picker behind its button', () => {
    render(<Controlled initial="" />);
    expect(screen.getByRole('button', { name: 'Open calendar' })).toHaveAccessibleDescription('From');
    fireEvent.change(screen.getByTestId('date-picker-input'), { target: { value: '2026-11-28' } });
    expect(screen.getByLabelText('From')).toHaveValue('28/11/2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-28');
  });

  it("works with react-hook-form's register: default, typed value, reset and focus", async () => {
    const user = userEvent.setup();
    let submitted: { date: string } | null = null;
    function Form() {
      const { register, watch, handleSubmit, reset, setFocus } = useForm({
        defaultValues: { date: '2026-11-20' },
      });
      return (
        <form onSubmit={handleSubmit((values) => (submitted = values))}>
          <DateField label="Date" current={watch('date')} {...register('date')} />
          <button type="submit">Save</button>
          <button type="button" onClick={() => reset({ date: '2026-01-02' })}>
            Reset
          </button>
          <button type="button" onClick={() => setFocus('date')}>
            Focus
          </button>
        </form>
      );
    }
    render(<Form />);
    const input = screen.getByLabelText('Date');
    expect(input).toHaveValue('20/11/2026');
    await user.clear(input);
    await user.type(input, '28112026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual({ date: '2026-11-28' });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('02/01/2026');
    await user.click(screen.getByRole('button', { name: 'Focus' }));
    expect(input).toHaveFocus();
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
      expect(input).toHaveAttribute('type', 'text');
      fireEvent.change(input, { target: { value: '05/11/2026' } });
      expect(input).toHaveValue('05/11/2026');
    }
  });
});
