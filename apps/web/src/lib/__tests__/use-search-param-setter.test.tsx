import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParamSetter } from '../use-search-param-setter';

function Range() {
  const [search, set] = useSearchParamSetter();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          // Two changes before the page renders again, as a quick clerk or a test makes them.
          set('to', '2026-01-05');
          set('from', '2026-01-05');
        }}
      >
        Both
      </button>
      <button type="button" onClick={() => set('to', '2026-02-01')}>
        To only
      </button>
      <output>{search.toString()}</output>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/r', element: <Range /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useSearchParamSetter', () => {
  it('keeps both of two changes made before the page renders again, and the other parameters', async () => {
    const router = renderAt('/r?page=3');
    await userEvent.click(screen.getByRole('button', { name: 'Both' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('to')).toBe('2026-01-05');
    expect(search.get('from')).toBe('2026-01-05');
    expect(search.get('page')).toBe('3');
  });

  it('starts from an address that came from outside (a link or Back)', async () => {
    const router = renderAt('/r?from=2026-01-01&to=2026-01-31');
    await router.navigate('/r?from=2026-03-01&to=2026-03-31');
    await userEvent.click(await screen.findByRole('button', { name: 'To only' }));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('from')).toBe('2026-03-01');
    expect(search.get('to')).toBe('2026-02-01');
  });
});
