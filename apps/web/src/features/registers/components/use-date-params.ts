import { isPlainDate } from '@pledge-desk/domain';
import { useSearchParamSetter } from '@/lib/use-search-param-setter';

/**
 * A register's dates kept in the address (`?from=&to=`, `?as_of=`), so a printed register's Back link,
 * a bookmark and a reload come back to the same dates. A missing or malformed value reads as null (the
 * page puts its default); an emptied field stays empty ('') so the page can ask for a date.
 */
export function useDateParams<Name extends string>(names: readonly Name[]) {
  const [search, setParam] = useSearchParamSetter();
  const values = Object.fromEntries(
    names.map((name) => {
      const v = search.get(name);
      return [name, v !== null && (v === '' || isPlainDate(v)) ? v : null];
    }),
  ) as Record<Name, string | null>;
  const set = (name: Name, value: string) => setParam(name, value);
  return { values, set };
}
