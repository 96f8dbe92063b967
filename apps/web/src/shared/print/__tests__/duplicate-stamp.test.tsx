import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DuplicateStamp } from '../duplicate-stamp';

describe('the DUPLICATE / நகல் stamp of a reprint', () => {
  it('says the same words in English and Tamil on every paper', () => {
    render(<DuplicateStamp isDuplicate />);
    expect(screen.getByTestId('duplicate-mark')).toHaveTextContent('DUPLICATE / நகல்');
  });

  it('sits in the flow of the paper, taking its own room, never laid over the text', () => {
    render(<DuplicateStamp isDuplicate />);
    const stamp = screen.getByTestId('duplicate-mark');
    expect(stamp.className).not.toMatch(/\b(absolute|fixed)\b/);
  });

  it('keeps its room empty on a first print when asked, and draws nothing otherwise', () => {
    const { container, rerender } = render(<DuplicateStamp isDuplicate={false} keepRoom />);
    expect(screen.queryByTestId('duplicate-mark')).not.toBeInTheDocument();
    expect(container.querySelector('[aria-hidden="true"]')).toHaveClass('invisible');
    rerender(<DuplicateStamp isDuplicate={false} />);
    expect(container).toBeEmptyDOMElement();
  });
});
