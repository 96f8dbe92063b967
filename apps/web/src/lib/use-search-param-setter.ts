import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's search parameters and a setter of one of them that keeps the others. React Router
 * hands a functional update the parameters of the last render, so two changes made before the page
 * renders again (From, then To, typed quickly or filled by a test) would lose the first; this setter
 * starts from the latest parameters it set itself instead.
 */
export function useSearchParamSetter(): [URLSearchParams, (name: string, value: string) => void] {
  const [search, setSearch] = useSearchParams();
  const latest = useRef<{ rendered: URLSearchParams; current: URLSearchParams }>({
    rendered: search,
    current: search,
  });
  // A new address (a link, Back, a change made here) is the latest once it renders.
  if (latest.current.rendered !== search) latest.current = { rendered: search, current: search };
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(latest.current.current);
    next.set(name, value);
    latest.current.current = next;
    setSearch(next, { replace: true });
  };
  return [search, set];
}
