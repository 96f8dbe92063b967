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
