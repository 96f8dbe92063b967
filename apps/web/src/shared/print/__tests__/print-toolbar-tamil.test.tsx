import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { PrintToolbar } from '../print-toolbar';

afterEach(() => {
  window.localStorage.clear();
  refreshLanguage();
});

function renderToolbar(printing: boolean) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  const router = createMemoryRouter(
    [
      {
        path: '/sheet',
        element: (
          <PrintToolbar
            back={{ to: '/', label: 'திரும்பு' }}
            kindLabel="வகை"
            kind="content"
            paper="A5"
            onPaper={vi.fn()}
            onPrint={vi.fn()}
            printDisabled={printing}
            printing={printing}
          />
        ),
      },
    ],
    { initialEntries: ['/sheet'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the print toolbar in Tamil', () => {
  it('names the kinds, the paper and Print in Tamil', () => {
    renderToolbar(false);
    const kinds = screen.getByRole('navigation', { name: 'வகை' });
    expect(within(kinds).getByRole('link', { name: 'முழு அச்சு' })).not.toHaveAttribute('aria-current');
    expect(within(kinds).getByRole('link', { name: 'உள்ளடக்கம் மட்டும்' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('group', { name: 'தாள் அளவு' })).toBeInTheDocument();
    expect(screen.getByText('தாள்')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'அச்சிடு' })).toBeEnabled();
  });

  it('says it is printing in Tamil', () => {
    renderToolbar(true);
    expect(screen.getByRole('button', { name: 'அச்சிடுகிறது...' })).toBeDisabled();
  });
});
