import { useEffect } from 'react';
import { useMatches } from 'react-router';

export interface RouteHandle {
  title: string;
}

function hasTitle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The page title of the deepest route that names one; also the browser tab's title. */
export function usePageTitle(): string {
  const matches = useMatches();
  let title = 'Dashboard';
  for (const match of matches) if (hasTitle(match.handle)) title = match.handle.title;
  useEffect(() => {
    document.title = `${title} · Pledge Desk`;
  }, [title]);
  return title;
}
