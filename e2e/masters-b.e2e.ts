/**
 * The masters, second part, in the browser against the real server: customers (with an ID
 * proof image and a Tamil name), banks, and the server-side customer search. The database is shared
 * with the other e2e files, so every record made here has a unique name.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { closeToast, rowWith, signIn, useBrowser } from './support.ts';

const browser = useBrowser();
// Always with a letter: the customer search asks the names only for a term that is not all digits
// (customers.repository listFilter), and five base-36 characters of the clock are all digits about
// once in 600 runs (a CI run failed so: the name search was never asked, 'Showing 1–1 of 1' never came).
const suffix = `k${Date.now().toString(36).slice(-5)}`;

// A refused save (422) or delete (409) is an expected answer here; Chromium logs it as a console error.
const unexpectedProblems = () => browser.problems().filter((p) => !/status of (409|415|422)/.test(p));

/** A 2×2 PNG: enough for the server's content check and for the browser to draw. */
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4UaEBRAwQCgAp7gWhjAnOiAAAAABJRU5ErkJggg==',
  'base64',
);

async function enter(page: Page): Promise<void> {
  await signIn(page, browser.baseUrl, adminCredentials.username, adminCredentials.password);
  await page.getByRole('button', { name: /Main Branch/ }).click();
  await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

/** The Aadhaar masking dialog, for an image with nothing to hide: ticked and sent as it is. */
async function useAsItIs(page: Page): Promise<void> {
  const masking = page.getByRole('dialog', { name: 'Hide the Aadhaar number' });
  await masking.getByLabel('This is not an Aadhaar card, or its number is already hidden').check();
  await masking.getByRole('button', { name: 'Use as it is' }).click();
  await masking.waitFor({ state: 'detached' });
}

const toast = closeToast;
const row = rowWith;

describe('masters, part B, in the browser', () => {
  it('banks: the six required messages, add, toggle, edit and delete', async () => {
    const page = browser.page();
    await enter(page);
    await page.getByRole('button', { name: 'Masters' }).click();
    await page.getByRole('link', { name: 'Banks' }).click();
    await page.getByRole('heading', { name: 'Banks', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Add Bank' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add Bank' });
    await dialog.getByRole('button', { name: 'Create Bank' }).click();
    for (const message of [
      'Bank name is required',
      'Account holder name is required',
      'Account number is required',
      'IFSC code is required',
      'Branch name is required',
      'Account type is required',
    ]) {
      expect(await dialog.getByText(message, { exact: true }).isVisible()).toBe(true);
    }

    const account = `50${Date.now().toString().slice(-9)}`;
    await dialog.getByLabel('Bank Name').fill(`Karur Vysya Bank ${suffix}`);
    await dialog.getByLabel('Account Holder Name').fill('Sri Murugan Jewel Loans');
    await dialog.getByLabel('Account Number').fill(account);
    await dialog.getByLabel('IFSC Code').fill('KVBL0001234');
    await dialog.getByLabel('Branch Name').fill('Madurai Town Hall Road');
    await dialog.getByLabel('Account Type').fill('Current');
    await dialog.getByRole('button', { name: 'Create Bank' }).click();
    await toast(page, 'Bank created successfully.');
    await dialog.waitFor({ state: 'detached' });
    const bankRow = row(page, account);
    await bankRow.waitFor();

    // The same account again: the server's field error lands under Account Number.
    await page.getByRole('button', { name: 'Add Bank' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Add Bank' });
    await dialog.getByLabel('Bank Name').fill(`Karur Vysya Bank ${suffix}`);
    await dialog.getByLabel('Account Holder Name').fill('Sri Murugan Jewel Loans');
    await dialog.getByLabel('Account Number').fill(account);
    await dialog.getByLabel('IFSC Code').fill('KVBL0001234');
    await dialog.getByLabel('Branch Name').fill('Madurai Town Hall Road');
    await dialog.getByLabel('Account Type').fill('Current');
    await dialog.getByRole('button', { name: 'Create Bank' }).click();
    await dialog.getByText('This account is already recorded.').waitFor();
    expect(await dialog.getByLabel('Account Number').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // One click flips the status, and it stays flipped after a reload.
    const toggle = bankRow.getByRole('switch');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await toast(page, 'Bank status changed to Inactive.');
    await page.reload();
    await row(page, account).getByRole('switch', { checked: false }).waitFor();
    await row(page, account).getByRole('switch').click();
    await toast(page, 'Bank status changed to Active.');

    await row(page, account)
      .getByRole('button', { name: /^Edit / })
      .click();
    dialog = page.getByRole('dialog', { name: 'Edit Bank' });
    expect(await dialog.getByLabel('IFSC Code').inputValue()).toBe('KVBL0001234');
    await dialog.getByLabel('Branch Name').fill('Madurai Anna Nagar');
    await dialog.getByRole('button', { name: 'Update Bank' }).click();
    await toast(page, 'Bank updated successfully.');
    await row(page, 'Madurai Anna Nagar').waitFor();

    await row(page, account)
      .getByRole('button', { name: /^Delete / })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete Bank' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, `Karur Vysya Bank ${suffix} has been deleted.`);
    await row(page, account).waitFor({ state: 'detached' });
    expect(unexpectedProblems()).toEqual([]);
  });

  it('customers: add with a Tamil name and an ID proof, find on the server, view, edit, delete', async () => {
    const page = browser.page();
    await enter(page);
    await page.getByRole('button', { name: 'Masters' }).click();
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByText(/^Showing \d+(–\d+)? of \d+$/).waitFor();

    const name = `முருகன் ${suffix}`;
    const mobile = `98${Date.now().toString().slice(-8)}`;
    await page.getByRole('button', { name: 'Add Customer' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await dialog.getByRole('button', { name: 'Save Customer' }).click();
    await dialog.getByText('Customer name is required').waitFor();
    expect(await dialog.getByText('Pincode is required').isVisible()).toBe(true);

    await dialog.getByLabel('Customer Name').fill(name);
    await dialog.getByLabel('Guardian Name').fill('சுப்பிரமணியன்');
    await dialog.getByLabel('Mobile Number').fill(mobile);
    await dialog.getByLabel('Door No').fill('12');
    await dialog.getByLabel('Street').fill('தெற்கு மாசி வீதி');
    await dialog.getByLabel('Location').fill('மதுரை');
    await dialog.getByLabel('District').fill('Madurai');
    await dialog.getByLabel('Pincode').fill('625001');
    await dialog.getByLabel('ID Proof (optional)').setInputFiles({
      name: 'aadhaar.png',
      mimeType: 'image/png',
      buffer: pngBytes,
    });
    await useAsItIs(page);
    await dialog.getByRole('img', { name: 'Preview of the chosen ID proof' }).waitFor();
    await dialog.getByRole('button', { name: 'Save Customer' }).click();
    await toast(page, 'Customer has been created successfully.');
    await dialog.waitFor({ state: 'detached' });

    // Found on the server by part of the name, by the mobile number and by the code.
    const search = page.getByLabel('Search customers');
    await search.fill(suffix);
    const customerRow = row(page, name);
    await customerRow.waitFor();
    await page.getByText('Showing 1–1 of 1').waitFor(); // after the search's debounce
    const code = (await customerRow.getByRole('cell').first().textContent())?.trim() ?? '';
    expect(code).toMatch(/^C\d{6}$/);
    await search.fill(mobile);
    await page.getByText('Showing 1–1 of 1').waitFor();
    await customerRow.waitFor();
    await search.fill(code);
    await customerRow.waitFor();

    // The Tamil name is drawn in Noto Sans Tamil, and the font is really there.
    const nameCell = customerRow.getByText(name);
    const fontFamily = await nameCell.evaluate((el) => getComputedStyle(el).fontFamily);
    expect(fontFamily).toContain('Noto Sans Tamil');
    const fontReady = await page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check('16px "Noto Sans Tamil"', 'முருகன்');
    });
    expect(fontReady).toBe(true);

    // The detail modal shows the uploaded proof through its signed link.
    await customerRow.getByRole('button', { name: /^View / }).click();
    dialog = page.getByRole('dialog', { name: 'Customer Details' });
    await dialog.getByText(code).waitFor();
    const proof = dialog.getByRole('img', { name: `ID proof of ${name}` });
    await proof.waitFor();
    await page.waitForFunction((alt) => {
      const img = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
      return img?.complete === true && img.naturalWidth > 0;
    }, `ID proof of ${name}`);
    expect(await proof.getAttribute('src')).toMatch(/^\/api\/files\/\d+\?exp=\d+&sig=/);
    const modalFont = await dialog
      .getByText(name, { exact: true })
      .evaluate((el) => getComputedStyle(el).fontFamily);
    expect(modalFont).toContain('Noto Sans Tamil');
    await dialog.getByRole('button', { name: 'Edit' }).click();

    dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await dialog.getByRole('img', { name: 'Current ID proof' }).waitFor();
    await dialog.getByLabel('Location').fill('மதுரை மேற்கு');
    await dialog.getByRole('button', { name: 'Update Customer' }).click();
    await toast(page, 'Customer has been updated successfully.');
    await customerRow.filter({ hasText: 'மதுரை மேற்கு' }).waitFor();

    await customerRow.getByRole('button', { name: /^Delete / }).click();
    await page
      .getByRole('dialog', { name: 'Delete Customer' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'Customer has been deleted successfully.');
    await page.getByText(`No customers found for "${code}".`).waitFor();
    expect(unexpectedProblems()).toEqual([]);
  });

  it("a file that is not an image is refused in the browser; the server's refusal keeps the customer", async () => {
    const page = browser.page();
    await enter(page);
    await page.goto(`${browser.baseUrl}/#/admin/customers`);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add Customer' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await dialog.getByLabel('ID Proof (optional)').setInputFiles({
      name: 'aadhaar.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await dialog.getByText('Only PNG, JPEG or WebP images are accepted.').waitFor();

    // A file that claims to be a PNG but is not: only the server can tell, after the customer is saved.
    const name = `Selvi ${suffix}`;
    await dialog.getByLabel('Customer Name').fill(name);
    await dialog.getByLabel('Guardian Name').fill('Raman');
    await dialog.getByLabel('Mobile Number').fill(`97${Date.now().toString().slice(-8)}`);
    await dialog.getByLabel('Door No').fill('4');
    await dialog.getByLabel('Street').fill('North Car Street');
    await dialog.getByLabel('Location').fill('Tirunelveli');
    await dialog.getByLabel('District').fill('Tirunelveli');
    await dialog.getByLabel('Pincode').fill('627001');
    await dialog.getByLabel('ID Proof (optional)').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really a png'),
    });
    // The browser cannot open it to hide anything: the clerk may still send it, and the server refuses it.
    const masking = page.getByRole('dialog', { name: 'Hide the Aadhaar number' });
    await masking
      .getByRole('alert')
      .getByText('This image could not be opened. Choose another file.')
      .waitFor();
    await useAsItIs(page);
    await dialog.getByRole('button', { name: 'Save Customer' }).click();
    const message = 'Customer saved, but ID proof upload failed: Only PNG, JPEG or WebP images are accepted.';
    await page.getByRole('dialog', { name: 'Edit Customer' }).getByText(message).waitFor();
    await page.getByRole('dialog', { name: 'Edit Customer' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Search customers').fill(name);
    await row(page, name).waitFor();
    await page.getByText('Showing 1–1 of 1').waitFor(); // after the search's debounce
    expect(unexpectedProblems()).toEqual([]);
  });

  it("an Aadhaar card's image: the box over its number is painted black into the file the server keeps", async () => {
    const page = browser.page();
    await enter(page);
    await page.goto(`${browser.baseUrl}/#/customers`);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    // A white 800 × 500 card, made by the browser itself.
    const card = Buffer.from(
      await page.evaluate(async () => {
        const canvas = document.createElement('canvas');
        canvas.width = 800;
        canvas.height = 500;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, 800, 500);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
        return [...new Uint8Array(await blob.arrayBuffer())];
      }),
    );
    const name = `Kaveri ${suffix}`;
    await page.getByRole('button', { name: 'Add Customer' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await dialog.getByLabel('Customer Name').fill(name);
    await dialog.getByLabel('Guardian Name').fill('Raman');
    await dialog.getByLabel('Mobile Number').fill(`96${Date.now().toString().slice(-8)}`);
    await dialog.getByLabel('Door No').fill('7');
    await dialog.getByLabel('Street').fill('East Car Street');
    await dialog.getByLabel('Location').fill('Madurai');
    await dialog.getByLabel('District').fill('Madurai');
    await dialog.getByLabel('Pincode').fill('625001');
    await dialog.getByLabel('ID Proof (optional)').setInputFiles({
      name: 'aadhaar-front.png',
      mimeType: 'image/png',
      buffer: card,
    });
    const masking = page.getByRole('dialog', { name: 'Hide the Aadhaar number' });
    const box = masking.getByRole('button', { name: /^Box 1 of 1/ });
    // The first box starts at (160, 360), 336 × 60; one step left is 1 % of the width: 8 pixels.
    await box.focus();
    await page.keyboard.press('ArrowLeft');
    await masking.getByRole('button', { name: 'Hide and use' }).click();
    await masking.waitFor({ state: 'detached' });
    await dialog.getByText('aadhaar-front-masked.png').waitFor();
    await dialog.getByRole('button', { name: 'Save Customer' }).click();
    await toast(page, 'Customer has been created successfully.');

    // The stored image, through the customer's signed link, read pixel by pixel in the browser.
    await page.getByLabel('Search customers').fill(name);
    await row(page, name)
      .getByRole('button', { name: /^View / })
      .click();
    const proof = page
      .getByRole('dialog', { name: 'Customer Details' })
      .getByRole('img', { name: `ID proof of ${name}` });
    const src = (await proof.getAttribute('src'))!;
    const pixels = await page.evaluate(async (url) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      const canvas = document.createElement('canvas');
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
      return {
        size: [bitmap.width, bitmap.height],
        inside: [at(152, 360), at(487, 360), at(152, 419), at(487, 419), at(320, 390)],
        outside: [at(151, 390), at(488, 390), at(320, 359), at(320, 420), at(700, 100)],
      };
    }, src);
    expect(pixels.size).toEqual([800, 500]);
    for (const rgb of pixels.inside) expect(rgb).toEqual([0, 0, 0]);
    for (const rgb of pixels.outside) expect(rgb).toEqual([255, 255, 255]);
    expect(unexpectedProblems()).toEqual([]);
  });

  it("takes the ID proof with the counter's camera, then through the masking dialog into the form", async () => {
    const page = browser.page();
    await enter(page);
    await page.goto(`${browser.baseUrl}/#/customers`);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add Customer' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await dialog.getByRole('button', { name: 'Use the camera' }).click();
    const camera = page.getByRole('dialog', { name: 'Take a photo' });
    // Chromium's test camera (--use-fake-device-for-media-stream) plays a moving pattern.
    await expect
      .poll(() => camera.getByLabel('What the camera sees').evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBeGreaterThan(0);
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await camera.getByRole('img', { name: 'The photo taken' }).waitFor();
    await camera.getByRole('button', { name: 'Use this photo' }).click();
    await camera.waitFor({ state: 'detached' });
    // The photo is an image of the camera's size, and goes through the masking like a chosen file.
    const masking = page.getByRole('dialog', { name: 'Hide the Aadhaar number' });
    await masking.getByRole('button', { name: /^Box 1 of 1/ }).waitFor();
    await masking.getByRole('button', { name: 'Hide and use' }).click();
    await masking.waitFor({ state: 'detached' });
    await dialog.getByText(/^camera-[\d-]+-masked\.jpg$/).waitFor();
    await dialog.getByRole('img', { name: 'Preview of the chosen ID proof' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(unexpectedProblems()).toEqual([]);
  });
});
