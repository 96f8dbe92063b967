import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useT } from '@/lib/i18n/language';
import { nameOfScreen, screenNames } from './i18n';

export interface RouteHandle {
  title: string;
}

function hasTitle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/**
 * The page title of the deepest route that names one, in the chosen language; also the
 * browser tab's title.
 */
export function usePageTitle(): string {
  const matches = useMatches();
  const t = useT(screenNames);
  let english = 'Dashboard';
  for (const match of matches) if (hasTitle(match.handle)) english = match.handle.title;
  const title = nameOfScreen(t, english);
  useEffect(() => {
    document.title = `${title} · Pledge Desk`;
  }, [title]);
  return title;
}
