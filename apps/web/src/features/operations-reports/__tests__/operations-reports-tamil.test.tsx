import type { CollectionReport, RatioReport } from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, stubApi } from '@/test/helpers';
import { CollectionsPage } from '../pages/collections-page';
import { OverduePage, OverduePrintPage } from '../pages/overdue-page';
import { RbiRatioPage } from '../pages/rbi-ratio-page';
import { collections, overduePage, renderAt, report } from './operations-reports-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  refreshLanguage();
});

function renderInTamil(page: React.ReactNode, url: string) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  return renderAt(page, url);
}

/** The English test's collections with only the reversed receipt. */
const collectionsWithOneReceipt: CollectionReport = {
  ...collections,
  total_count: 1,
  rows: collections.rows.slice(1),
};

describe('operational registers in Tamil', () => {
  it('shows the overdue list with Tamil labels, totals and paging; the headings and title stay bilingual', async () => {
    stubApi({ 'GET /api/registers/overdue': () => jsonResponse(overduePage(1, 60)) });
    renderInTamil(<OverduePage />, '/registers/overdue?as_of=2026-10-01');
    const table = await screen.findByRole('table', { name: 'கெடு கடந்த அடகுகள்' });
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Pledge No.அடகு எண்');
    expect(within(table).getByRole('rowheader')).toHaveTextContent('மொத்தம்: 60 அடகுகள்');
    expect(screen.getByText('01/10/2026 நிலவரப்படி')).toBeInTheDocument();
    expect(screen.getByLabelText('நிலவரத் தேதி')).toBeInTheDocument();
    const [pager] = screen.getAllByRole('navigation', { name: 'கெடு கடந்த அடகுகள் பக்கங்கள்' });
    expect(within(pager!).getByText('மொத்தம் 60 கெடு கடந்த அடகுகளில் 1–50')).toBeInTheDocument();
    expect(within(pager!).getByText('பக்கம் 1 / 2')).toBeInTheDocument();
    expect(within(pager!).getByRole('button', { name: 'அடுத்த' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: /Overdue List/ })).toHaveTextContent('கெடு கடந்த அடகுகள்');
  });

  it('says in Tamil that nothing is overdue, and prints with a Tamil toolbar', async () => {
    stubApi({ 'GET /api/registers/overdue': () => jsonResponse(overduePage(1, 0)) });
    renderInTamil(<OverduePrintPage />, '/registers/overdue/print?as_of=2026-10-01');
    expect(await screen.findByText('இந்தத் தேதியில் கெடு கடந்த அடகுகள் இல்லை.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'கெடு கடந்த அடகுகள் பக்கத்துக்குத் திரும்பு' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'அச்சிடு' })).toBeEnabled();
    expect(screen.getByText('A4 கிடைமட்டம்')).toBeInTheDocument();
  });

  it('shows the collection with the Tamil badge, methods, types and sums, and a range problem in Tamil', async () => {
    stubApi({ 'GET /api/reports/collections': () => jsonResponse(collectionsWithOneReceipt) });
    const { unmount } = renderInTamil(
      <CollectionsPage />,
      '/registers/collections?from=2026-02-01&to=2026-03-31',
    );
    const table = await screen.findByRole('table', { name: 'ரசீதுகள்' });
    expect(within(table).getByText('திரும்பப்பெறப்பட்டது')).toBeInTheDocument();
    expect(within(table).getByText('ரொக்கம்')).toBeInTheDocument();
    expect(within(table).getByText(/1 திரும்பப்பெறப்பட்டவை, 100.00, கணக்கில் சேர்க்கப்படவில்லை/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'செலுத்துதல் வகை வாரியாக' })).toHaveTextContent('பகுதி அசல்');
    expect(screen.getByText('01/02/2026 முதல் 31/03/2026 வரை')).toBeInTheDocument();
    unmount();

    renderInTamil(<CollectionsPage />, '/registers/collections?from=2025-01-01&to=2026-03-31');
    expect(
      await screen.findAllByText('ஒரு காலம் அதிகபட்சம் 366 நாட்கள் இருக்கலாம்; குறைந்த காலத்தைத் தேர்ந்தெடுக்கவும்.'),
    ).not.toHaveLength(0);
  });

  it('shows the RBI ratio preface and call link in Tamil, and writes the CSV headed in Tamil', async () => {
    const ratio: RatioReport = report({ without_rate: 3 });
    stubApi({ 'GET /api/reports/rbi-ratio': () => jsonResponse(ratio) });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:register';
    });
    URL.revokeObjectURL = vi.fn();
    renderInTamil(<RbiRatioPage />, '/registers/rbi-ratio?as_of=2026-10-01');
    const table = await screen.findByRole('table', { name: 'அடுக்கைத் தாண்டிய அடகுகள்' });
    expect(
      within(table).getByRole('link', { name: 'முருகன் Selvam அவர்களை 9840012345 எண்ணில் அழை' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^இந்தக் கிளை RBI நெறிமுறையின் கீழ் உள்ளது/)).toBeInTheDocument();
    expect(
      screen.getByText(
        '01/10/2026 நிலவரப்படி 42 திறந்த அடகுகள் பார்க்கப்பட்டன; 3 அடகுகளின் நகை வகைக்குச் சேமித்த விலை இல்லை, அவை மதிப்பிடப்படவில்லை.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'CSV பதிவிறக்கு' }));
    await vi.waitFor(() => expect(blobs).toHaveLength(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^அடகு எண்,வாடிக்கையாளர்,கைபேசி,நகை வகை,/);
  });
});
