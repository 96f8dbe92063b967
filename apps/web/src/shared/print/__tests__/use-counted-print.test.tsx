import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toasts';
import { ApiError } from '@/lib/api-client';
import { useCountedPrint } from '../use-counted-print';

type Answer = { prints: number; duplicate: boolean };

/** A sheet with its Print button, as the ticket, receipt, slip and notice pages use the hook. */
function Sheet({
  record,
  isReady = true,
  shortcut,
  printedBefore = false,
}: {
  record: () => Promise<Answer>;
  isReady?: boolean;
  shortcut?: boolean;
  printedBefore?: boolean;
}) {
  const { print, answer, isPrinting } = useCountedPrint({
    record,
    isReady,
    failure: { title: 'Print Error', message: 'The print could not be recorded' },
    ...(shortcut === undefined ? {} : { shortcut }),
  });
  const isDuplicate = answer ? answer.duplicate : printedBefore;
  return (
    <>
      <button type="button" onClick={() => void print()} disabled={!isReady || isPrinting}>
        {isPrinting ? 'Printing…' : 'Print'}
      </button>
      {/* Two calls in one event: a double click faster than the next render. */}
      <button
        type="button"
        onClick={() => {
          void print();
          void print();
        }}
      >
        Print twice
      </button>
      {isDuplicate ? <p data-testid="duplicate-mark">DUPLICATE</p> : null}
    </>
  );
}

function open(props: Parameters<typeof Sheet>[0]) {
  const print = vi.fn();
  vi.stubGlobal('print', print);
  const view = render(
    <ToastProvider>
      <Sheet {...props} />
    </ToastProvider>,
  );
  const rerender = (next: Parameters<typeof Sheet>[0]) =>
    view.rerender(
      <ToastProvider>
        <Sheet {...next} />
      </ToastProvider>,
    );
  return { print, rerender };
}

/** The server's counter: the first print is the original, every later one a duplicate. */
function counter() {
  let prints = 0;
  return vi.fn(async (): Promise<Answer> => {
    prints += 1;
    return { prints, duplicate: prints > 1 };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useCountedPrint', () => {
  it('records the print before printing, and the paper carries the answer: the reprint says DUPLICATE', async () => {
    const record = counter();
    const { print } = open({ record });
    const marks: boolean[] = [];
    print.mockImplementation(() => {
      expect(record).toHaveBeenCalledTimes(marks.length + 1);
      marks.push(screen.queryByTestId('duplicate-mark') !== null);
    });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));

    expect(marks).toEqual([false, true]);
  });

  it('says DUPLICATE from what the page read until the first Print answers', async () => {
    open({ record: counter(), printedBefore: true });
    expect(screen.getByTestId('duplicate-mark')).toBeInTheDocument();
  });

  it('is Printing… and disabled while the print is being recorded', async () => {
    let answer!: (value: Answer) => void;
    const record = vi.fn(() => new Promise<Answer>((resolve) => (answer = resolve)));
    const { print } = open({ record });
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('button', { name: 'Printing…' })).toBeDisabled();
    answer({ prints: 1, duplicate: false });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled());
    expect(print).toHaveBeenCalledOnce();
  });

  it('a second print while one is on its way records nothing', async () => {
    const record = counter();
    const { print } = open({ record });
    fireEvent.click(screen.getByRole('button', { name: 'Print twice' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(record).toHaveBeenCalledOnce();
  });

  it('records and prints nothing until the sheet is ready', async () => {
    const record = counter();
    const { print, rerender } = open({ record, isReady: false });
    fireEvent.click(screen.getByRole('button', { name: 'Print twice' }));
    fireEvent.keyDown(window, { key: 'p', ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(record).not.toHaveBeenCalled();
    expect(print).not.toHaveBeenCalled();

    rerender({ record, isReady: true });
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledOnce());
  });

  it("does not print when the print cannot be recorded, and toasts the server's sentence", async () => {
    const record = vi.fn(() => Promise.reject(new ApiError(404, 'Pledge not found')));
    const { print } = open({ record });
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('Print Error')).toBeInTheDocument();
    expect(screen.getByText('Pledge not found')).toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
    // Print may be tried again.
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
  });

  it('toasts its own sentence when the failure has none for a clerk (no answer at all)', async () => {
    open({ record: () => Promise.reject(new TypeError('Failed to fetch')) });
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByText('The print could not be recorded')).toBeInTheDocument();
  });

  it('prints from Ctrl+P (and ⌘P) through the same path, so a print from the keyboard is counted', async () => {
    const record = counter();
    const { print } = open({ record });
    const ctrlP = fireEvent.keyDown(window, { key: 'p', ctrlKey: true });
    // false: the browser's own print dialog was kept from opening uncounted.
    expect(ctrlP).toBe(false);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    fireEvent.keyDown(window, { key: 'P', metaKey: true });
    await waitFor(() => expect(print).toHaveBeenCalledTimes(2));
    expect(record).toHaveBeenCalledTimes(2);
    // Ctrl+Alt+P is not the print shortcut.
    fireEvent.keyDown(window, { key: 'p', ctrlKey: true, altKey: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(record).toHaveBeenCalledTimes(2);
  });

  it('leaves Ctrl+P to the browser when asked to (shortcut: false): nothing is recorded', async () => {
    const record = counter();
    const { print } = open({ record, shortcut: false });
    expect(fireEvent.keyDown(window, { key: 'p', ctrlKey: true })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(record).not.toHaveBeenCalled();
    expect(print).not.toHaveBeenCalled();
  });
});
