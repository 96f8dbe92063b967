import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from '../toasts';

function Trigger() {
  const { showToast } = useToast();
  return (
    <button
      type="button"
      onClick={() => showToast({ type: 'success', title: 'Saved', message: 'Bank created successfully.' })}
    >
      Show
    </button>
  );
}

function showOne() {
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Show' }));
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the title and the message with its type', () => {
    showOne();
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveTextContent('Saved');
    expect(toast).toHaveTextContent('Bank created successfully.');
    expect(toast).toHaveAttribute('data-type', 'success');
  });

  it('does not stack the same toast asked for twice at once (a double click): it starts its 5 s again', () => {
    showOne();
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(4500));
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'open');
    act(() => vi.advanceTimersByTime(500));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('starts closing after 5 s and is gone 0.3 s later', () => {
    showOne();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'open');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('shrinks the progress bar in 50 ms ticks over the 5 s', () => {
    showOne();
    const bar = () => screen.getByTestId('toast-progress').style.width;
    expect(bar()).toBe('100%');
    act(() => vi.advanceTimersByTime(49));
    expect(bar()).toBe('100%');
    act(() => vi.advanceTimersByTime(1));
    expect(bar()).toBe('99%');
    act(() => vi.advanceTimersByTime(2450));
    expect(bar()).toBe('50%');
  });

  it('closes from its close button with the 0.3 s exit', () => {
    showOne();
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('keeps each toast on its own clock', () => {
    showOne();
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(2);
    // The first is 5 s old here; the second only 2 s.
    act(() => vi.advanceTimersByTime(2000));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast')).toHaveAttribute('data-state', 'open');
    act(() => vi.advanceTimersByTime(2700));
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});
