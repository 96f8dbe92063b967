import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { User } from '@/lib/session-types';
import { storageKeys } from '@/lib/storage';
import { adminUser, clerkUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { CompanyDetailsPage } from '../pages/company-details-page';

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview-1'), revokeObjectURL: vi.fn() }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(user: User = adminUser, withCompany = true) {
  seedSession(withCompany ? { user, company: mainBranch } : { user });
  return render(
    <AppProviders>
      <CompanyDetailsPage />
    </AppProviders>,
  );
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

describe('company details', () => {
  it("shows the selected company read-only to a user, with 'No Logo' and the view-only note", async () => {
    stubApi({ 'GET /api/companies/1': () => jsonResponse(mainBranch) });
    renderPage(clerkUser);
    expect(screen.getByRole('status')).toHaveTextContent('Loading company details...');
    expect(await screen.findByRole('heading', { name: 'Main Branch' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No Logo' })).toHaveTextContent('No Logo');
    expect(screen.getByText('View only (Admin access required to edit)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Details' })).not.toBeInTheDocument();
    expect(screen.getByText('12 Car Street')).toBeInTheDocument();
    expect(screen.getByText('TN-PB-0042')).toBeInTheDocument();
  });

  it('says so when no company is selected', () => {
    stubApi({});
    renderPage(adminUser, false);
    expect(screen.getByRole('alert')).toHaveTextContent('No company selected. Please select a company.');
  });

  it("shows the server's detail, else 'Failed to fetch company details.'", async () => {
    stubApi({ 'GET /api/companies/1': () => new Response('', { status: 500 }) });
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Failed to fetch company details.',
    );
  });

  it('requires the six fields on the edit form', async () => {
    const fetchMock = stubApi({ 'GET /api/companies/1': () => jsonResponse(mainBranch) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Details' }));
    const form = screen.getByRole('form', { name: 'Edit company details' });
    for (const label of ['Company Name', 'Address', 'City', 'State', 'Phone', 'Licence Number']) {
      await user.clear(within(form).getByLabelText(label));
    }
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    for (const message of [
      'Company name is required',
      'Address is required',
      'City is required',
      'State is required',
      'Phone is required',
      'Licence number is required',
    ]) {
      expect(await within(form).findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });

  it('Cancel discards typed changes and the chosen logo', async () => {
    const fetchMock = stubApi({ 'GET /api/companies/1': () => jsonResponse(mainBranch) });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Details' }));
    let form = screen.getByRole('form', { name: 'Edit company details' });
    await user.clear(within(form).getByLabelText('City'));
    await user.type(within(form).getByLabelText('City'), 'Trichy');
    await user.upload(within(form).getByLabelText('Logo'), png());
    expect(within(form).getByRole('img', { name: 'Main Branch logo' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Madurai')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No Logo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Details' }));
    form = screen.getByRole('form', { name: 'Edit company details' });
    expect(within(form).getByLabelText('City')).toHaveValue('Madurai');
    expect(within(form).getByText('PNG, JPEG or WebP.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET')).toHaveLength(0);
  });

  it('saves the details without the logo link, uploads the chosen file as `file`, and updates the stored company', async () => {
    let putBody: Record<string, unknown> | undefined;
    let uploaded: FormDataEntryValue | null = null;
    const saved = { ...mainBranch, city: 'Trichy' };
    stubApi({
      'GET /api/companies/1': () =>
        jsonResponse(putBody ? { ...saved, logo: '/api/files/4?exp=1&sig=x' } : mainBranch),
      'PUT /api/companies/1': ({ init }) => {
        putBody = JSON.parse(String(init?.body));
        return jsonResponse(saved);
      },
      'POST /api/companies/1/upload-logo': ({ init }) => {
        uploaded = (init!.body as FormData).get('file');
        return jsonResponse({ ...saved, logo: '/api/files/4?exp=1&sig=x' });
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Details' }));
    const form = screen.getByRole('form', { name: 'Edit company details' });
    await user.clear(within(form).getByLabelText('City'));
    await user.type(within(form).getByLabelText('City'), 'Trichy');
    await user.upload(within(form).getByLabelText('Logo'), png());
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Company details updated successfully.')).toBeInTheDocument();
    expect(putBody).toEqual({
      company_name: 'Main Branch',
      address: '12 Car Street',
      city: 'Trichy',
      state: 'Tamil Nadu',
      phone: '0452 234567',
      licence_no: 'TN-PB-0042',
      status: true,
    });
    expect(uploaded).toBeInstanceOf(File);
    expect((uploaded as unknown as File).name).toBe('logo.png');
    expect(await screen.findByRole('img', { name: 'Main Branch logo' })).toHaveAttribute(
      'src',
      '/api/files/4?exp=1&sig=x',
    );
    expect(JSON.parse(window.localStorage.getItem(storageKeys.selectedCompany)!)).toMatchObject({
      city: 'Trichy',
    });
  });

  it("reports 'Logo upload failed with status {n}' when the upload fails without a detail, keeping the form", async () => {
    stubApi({
      'GET /api/companies/1': () => jsonResponse(mainBranch),
      'PUT /api/companies/1': () => jsonResponse(mainBranch),
      'POST /api/companies/1/upload-logo': () => new Response('', { status: 413 }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Details' }));
    const form = screen.getByRole('form', { name: 'Edit company details' });
    await user.upload(within(form).getByLabelText('Logo'), png());
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Company details saved, but the logo was not: Logo upload failed with status 413',
    );
    expect(within(form).getByText('New logo: logo.png (uploaded when you save)')).toBeInTheDocument();
  });
});
