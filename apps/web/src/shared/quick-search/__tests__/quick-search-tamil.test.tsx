import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse } from '@/test/helpers';
import { answer, openShell } from './quick-search-fixtures';

afterEach(() => {
  window.location.hash = '';
  window.localStorage.clear();
  refreshLanguage();
});

function openShellInTamil(search: () => Response) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  openShell({ 'GET /api/search': search });
}

const box = () => screen.findByRole('combobox', { name: 'அடகுகளையும் வாடிக்கையாளர்களையும் தேடு' });

describe('header search in Tamil', () => {
  it('names the box, the groups and the states in Tamil', async () => {
    openShellInTamil(() => jsonResponse(answer));
    const user = userEvent.setup();
    const input = await box();
    expect(input).toHaveAttribute('placeholder', 'தேடு...');
    await user.type(input, 'முரு');
    const list = await screen.findByRole('listbox', { name: 'அடகுகளும் வாடிக்கையாளர்களும்' });
    const pledges = await within(list).findByRole('group', { name: 'அடகுகள்' });
    expect(within(pledges).getAllByRole('option')[0]).toHaveTextContent('செயலில்');
    expect(within(pledges).getAllByRole('option')[1]).toHaveTextContent('மூடப்பட்டது');
    expect(within(list).getByRole('group', { name: 'வாடிக்கையாளர்கள்' })).toBeInTheDocument();
  });

  it('says in Tamil when nothing is found', async () => {
    openShellInTamil(() => jsonResponse({ pledges: [], customers: [] }));
    const user = userEvent.setup();
    await user.type(await box(), 'zz');
    expect(await screen.findByText('அடகுகளோ வாடிக்கையாளர்களோ எதுவும் கிடைக்கவில்லை')).toBeInTheDocument();
  });
});
