import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { CameraDialog, cameraProblem } from '../camera-dialog';

afterEach(() => vi.unstubAllGlobals());

function open() {
  const onTaken = vi.fn();
  render(
    <AppProviders>
      <CameraDialog open onTaken={onTaken} onCancel={() => {}} />
    </AppProviders>,
  );
  return onTaken;
}

describe('the camera dialog', () => {
  it("names why the camera did not start from getUserMedia's refusal", () => {
    expect(cameraProblem(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblem(new DOMException('no', 'NotFoundError'))).toBe('none');
    expect(cameraProblem(new Error('odd'))).toBe('failed');
  });

  it('without a camera (not a secure page), says why and takes a file instead', async () => {
    vi.stubGlobal('isSecureContext', false);
    const onTaken = open();
    const dialog = await screen.findByRole('dialog', { name: 'Take a photo' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/secure \(https\) address/);
    expect(within(dialog).getByRole('button', { name: 'Take photo' })).toBeDisabled();
    const file = new File(['jpg'], 'card.jpg', { type: 'image/jpeg' });
    await userEvent.setup().upload(within(dialog).getByLabelText('Choose a file instead'), file);
    expect(onTaken).toHaveBeenCalledWith(file);
  });

  it('a refused camera says so and offers the file', async () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('no', 'NotAllowedError')) },
    });
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Take a photo' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The camera was not allowed.');
    expect(within(dialog).getByLabelText('Choose a file instead')).toBeInTheDocument();
  });
});
