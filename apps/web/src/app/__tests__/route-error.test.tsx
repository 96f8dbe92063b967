import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../router';
import { RouteError } from '../shell/route-error';

function Boom(): never {
  throw new Error('Cannot read properties of undefined (reading "pledge_no")');
}

/** A shell (its own text stays on screen) whose child pages sit under RouteError, as in router.tsx. */
function renderAt(path: string, children: Parameters<typeof createMemoryRouter>[0]) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <div>
            <nav>Sidebar stays</nav>
            <Outlet />
          </div>
        ),
        children: [{ errorElement: <RouteError />, children }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a page that fails', () => {
  it('is replaced by the error inside the shell, with a reload and a way to the dashboard', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/boom', [{ path: 'boom', Component: Boom }]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on this page');
    expect(alert).toHaveTextContent('Cannot read properties of undefined (reading "pledge_no")');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByText('Sidebar stays')).toBeInTheDocument();
  });

  it('says the page could not be loaded when its code cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/lazy', [
      {
        path: 'lazy',
        lazy: async () => {
          throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/page.js');
        },
      },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This page could not be loaded. Check the connection and reload.',
    );
  });

  it('is caught below the shell for every route of the application', () => {
    const shell = appRoutes[0]!;
    expect(shell.errorElement).toBeUndefined();
    expect(shell.children).toHaveLength(1);
    expect(shell.children![0]!.errorElement).toBeTruthy();
    expect(shell.children![0]!.children!.length).toBeGreaterThan(3);
  });
});
