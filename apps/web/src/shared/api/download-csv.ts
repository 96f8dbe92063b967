import { apiRequest } from '../../lib/api-client';

/**
 * Saves a server CSV (`format=csv`) as a file. The file comes through the api-client, which sends the
 * bearer token and the company header (a plain link cannot), and is handed to the browser as a blob URL.
 *
 * Reading the answer as text drops the server's byte order mark (the decoder strips it); the file gets
 * it back, or a spreadsheet program reads the Tamil names as another encoding.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, string>,
  filename: string,
): Promise<void> {
  const body = await apiRequest<unknown>(path, {
    query: { ...query, format: 'csv' },
    headers: { Accept: 'text/csv' },
  });
  const text = typeof body === 'string' ? body : JSON.stringify(body);
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
