import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../confirm-dialog';
import { Modal } from '../modal';

describe('Modal focus on opening', () => {
  it('lands on the first field, not on the close button', () => {
    render(
      <Modal open title="New Bank" onClose={vi.fn()} footer={<button type="button">Save</button>}>
        <p>
          Read <a href="#/help">the help</a> first.
        </p>
        <label>
          Bank Name
          <input />
        </label>
      </Modal>,
    );
    expect(screen.getByRole('textbox', { name: 'Bank Name' })).toHaveFocus();
  });

  it('skips a disabled field', () => {
    render(
      <Modal open title="Edit" onClose={vi.fn()}>
        <label>
          Code
          <input disabled />
        </label>
        <label>
          Name
          <select>
            <option>One</option>
          </select>
        </label>
      </Modal>,
    );
    expect(screen.getByRole('combobox', { name: 'Name' })).toHaveFocus();
  });

  it('lands on Cancel in a dialog without fields', () => {
    render(
      <ConfirmDialog open title="Delete Bank" message="Delete it?" onConfirm={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });
});

describe('a dialog opened over another', () => {
  it('alone answers Escape: the question closes, the dialog under it stays open', async () => {
    const { useState } = await import('react');
    const { default: userEvent } = await import('@testing-library/user-event');
    const closedOuter = vi.fn();
    function Nested() {
      const [asking, setAsking] = useState(false);
      return (
        <Modal open title="KYC" onClose={closedOuter}>
          <input aria-label="Number" />
          <button type="button" onClick={() => setAsking(true)}>
            Remove
          </button>
          <ConfirmDialog
            open={asking}
            title="Remove document"
            message="Remove it?"
            onConfirm={vi.fn()}
            onCancel={() => setAsking(false)}
          />
        </Modal>
      );
    }
    render(<Nested />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByRole('dialog', { name: 'Remove document' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Remove document' })).toBeNull();
    expect(closedOuter).not.toHaveBeenCalled();
    // With the question gone, Escape closes the dialog itself.
    await user.keyboard('{Escape}');
    expect(closedOuter).toHaveBeenCalledTimes(1);
  });
});
