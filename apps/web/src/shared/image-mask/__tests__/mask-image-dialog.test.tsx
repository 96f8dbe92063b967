import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import {
  anotherBox,
  boxAfterKey,
  clampBox,
  type MaskBox,
  moveBox,
  resizeBox,
  shownToImage,
  startingBox,
} from '../mask-geometry';
import { MaskImageDialog } from '../mask-image-dialog';

const card = { width: 1000, height: 630 };

describe('the masking boxes stay inside the image', () => {
  it("start over the band where an Aadhaar card's front prints its number", () => {
    expect(startingBox(card)).toEqual({ x: 200, y: 454, width: 420, height: 76 });
  });

  it('a box moved or sized past an edge stops at it', () => {
    const box = startingBox(card);
    expect(moveBox(box, 10_000, 10_000, card)).toEqual({ ...box, x: 580, y: 554 });
    expect(moveBox(box, -10_000, -10_000, card)).toEqual({ ...box, x: 0, y: 0 });
    expect(resizeBox(box, 10_000, 10_000, card)).toEqual({ ...box, width: 800, height: 176 });
    expect(resizeBox(box, -10_000, -10_000, card)).toEqual({ ...box, width: 8, height: 8 });
    expect(clampBox({ x: -5, y: 700, width: 2000, height: 10 }, card)).toEqual({
      x: 0,
      y: 620,
      width: 1000,
      height: 10,
    });
  });

  it('an arrow key moves it 1 % of the image, with Shift it grows; other keys do nothing', () => {
    const box: MaskBox = { x: 100, y: 100, width: 50, height: 50 };
    expect(boxAfterKey(box, 'ArrowRight', false, card)).toEqual({ ...box, x: 110 });
    expect(boxAfterKey(box, 'ArrowUp', false, card)).toEqual({ ...box, y: 94 });
    expect(boxAfterKey(box, 'ArrowDown', true, card)).toEqual({ ...box, height: 56 });
    expect(boxAfterKey(box, 'Enter', false, card)).toBeNull();
  });

  it('a drag on an image shown at half its size moves the box twice as far in the image', () => {
    expect(shownToImage(30, -12, 500, card)).toEqual({ dx: 60, dy: -24 });
  });

  it('a second box sits in the upper right, where the QR code is', () => {
    const qr = anotherBox(card);
    expect(qr.x + qr.width).toBeLessThanOrEqual(card.width);
    expect(qr.x).toBeGreaterThan(card.width / 2);
    expect(qr.y).toBeLessThan(card.height / 2);
  });
});

function open(overrides: { burn?: (file: File, boxes: readonly MaskBox[]) => Promise<File> } = {}) {
  const onUse = vi.fn();
  const onCancel = vi.fn();
  const file = new File(['png'], 'aadhaar.png', { type: 'image/png' });
  const burn =
    overrides.burn ?? vi.fn(async (f: File) => new File(['masked'], `m-${f.name}`, { type: 'image/png' }));
  render(
    <AppProviders>
      <MaskImageDialog file={file} onUse={onUse} onCancel={onCancel} burn={burn} measure={async () => card} />
    </AppProviders>,
  );
  return { onUse, onCancel, burn, file };
}

describe('the masking dialog', () => {
  it('paints the boxes where the keyboard put them and hands over the masked file', async () => {
    const { onUse, burn } = open();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Hide the Aadhaar number' });
    const box = await within(dialog).findByRole('button', { name: /^Box 1 of 1/ });
    box.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{Shift>}{ArrowRight}{/Shift}');
    await user.click(within(dialog).getByRole('button', { name: 'Add a box' }));
    expect(within(dialog).getAllByTestId('mask-box')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Hide and use' }));
    await waitFor(() => expect(onUse).toHaveBeenCalledTimes(1));
    expect((burn as ReturnType<typeof vi.fn>).mock.calls[0]![1]).toEqual([
      { x: 180, y: 454, width: 430, height: 76 },
      anotherBox(card),
    ]);
    expect((onUse.mock.calls[0]![0] as File).name).toBe('m-aadhaar.png');
  });

  it('sends the file as it is only when the clerk says there is nothing to hide', async () => {
    const { onUse, file } = open();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Hide the Aadhaar number' });
    const asItIs = within(dialog).getByRole('button', { name: 'Use as it is' });
    expect(asItIs).toBeDisabled();
    await user.click(
      within(dialog).getByLabelText('This is not an Aadhaar card, or its number is already hidden'),
    );
    await user.click(asItIs);
    expect(onUse).toHaveBeenCalledWith(file);
  });

  it('with every box removed, asks for one or the tick, and cannot hide', async () => {
    open();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Hide the Aadhaar number' });
    await within(dialog).findByRole('button', { name: /^Box 1 of 1/ });
    await user.click(within(dialog).getByRole('button', { name: 'Remove the chosen box' }));
    expect(within(dialog).queryAllByTestId('mask-box')).toHaveLength(0);
    expect(
      within(dialog).getByText('Add a box, or tick that the number is already hidden.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Hide and use' })).toBeDisabled();
  });

  it('says so when the image cannot be painted, and keeps the dialog open', async () => {
    const { onUse } = open({ burn: async () => Promise.reject(new Error('no canvas')) });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Hide the Aadhaar number' });
    await within(dialog).findByRole('button', { name: /^Box 1 of 1/ });
    await user.click(within(dialog).getByRole('button', { name: 'Hide and use' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This image could not be opened. Choose another file.',
    );
    expect(onUse).not.toHaveBeenCalled();
  });
});
