import { apiRequest } from '../../../lib/api-client';

/**
 * Saves a register as CSV (the whole range, `format=csv`). The file comes through the api-client,
 * which sends the bearer token and the company header; a plain link cannot, so the text is handed to
 * the browser as a blob URL.
 */
export async function downloadRegisterCsv(
  path: string,
  query: Record<string, string>,
  filename: string,
): Promise<void> {
  const body = await apiRequest<unknown>(path, {
    query: { ...query, format: 'csv' },
    headers: { Accept: 'text/csv' },
  });
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  // The server's byte order mark (which tells a spreadsheet the Tamil is UTF-8) is dropped by
  // Response.text(): the file gets it back.
  const file = text.startsWith('\uFEFF') ? text : `\uFEFF${text}`;
  const url = URL.createObjectURL(new Blob([file], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Chromium reads the blob when the click is handled; revoking on the next turn is safe.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
