import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import { setSessionLanguages } from './i18n/language';
import { type Company, companyRecordSchema, sessionUserSchema, type User } from './session-types';
import { readStorage, removeStorage, storageKeys, writeStorage } from './storage';

export interface SessionState {
  token: string | null;
  user: User | null;
  company: Company | null;
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function clearStoredSession(): void {
  removeStorage(storageKeys.accessToken);
  removeStorage(storageKeys.user);
  removeStorage(storageKeys.selectedCompany);
}

/**
 * Reads the session from local storage (spec §4). A token without a readable user is a broken session:
 * everything is cleared and the sign-in screen shows. An unreadable company only sends the user back to
 * company selection.
 */
export function readStoredSession(): SessionState {
  const token = readStorage(storageKeys.accessToken);
  if (!token) return { token: null, user: null, company: null };
  const user = sessionUserSchema.safeParse(parseJson(readStorage(storageKeys.user)));
  if (!user.success) {
    clearStoredSession();
    return { token: null, user: null, company: null };
  }
  const companyRaw = readStorage(storageKeys.selectedCompany);
  const company = companyRaw === null ? null : companyRecordSchema.safeParse(parseJson(companyRaw));
  if (company && !company.success) removeStorage(storageKeys.selectedCompany);
  return { token, user: user.data, company: company?.success ? company.data : null };
}

interface SessionContextValue extends SessionState {
  signIn: (token: string, user: User) => void;
  updateUser: (user: User) => void;
  selectCompany: (company: Company) => void;
  changeCompany: () => void;
  logout: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(readStoredSession);
  const queryClient = useQueryClient();
  const userLanguage = state.user?.language ?? null;
  const companyLanguage = state.company?.default_language ?? null;

  // Before the paint: the screen draws in the user's language, never English first.
  useLayoutEffect(() => setSessionLanguages(userLanguage, companyLanguage), [userLanguage, companyLanguage]);

  /**
   * Forgets every cached answer: they were fetched for another company (or user), and a list must
   * never show one branch's records under another's name. Requests still on their way are
   * cancelled first, so none of them lands in the emptied cache. The keys carry the company as well
   * (lib/company-query.ts); this also drops what no screen will ask for again.
   */
  const resetCache = useCallback(() => {
    void queryClient.cancelQueries();
    queryClient.clear();
  }, [queryClient]);

  const signIn = useCallback(
    (token: string, user: User) => {
      // A company chosen by someone else on this browser must not carry over to this user.
      const previous = sessionUserSchema.safeParse(parseJson(readStorage(storageKeys.user)));
      const keepCompany = previous.success && previous.data.id === user.id;
      if (!keepCompany) removeStorage(storageKeys.selectedCompany);
      resetCache();
      writeStorage(storageKeys.accessToken, token);
      writeStorage(storageKeys.user, JSON.stringify(user));
      setState((s) => ({ token, user, company: keepCompany ? s.company : null }));
    },
    [resetCache],
  );

  const updateUser = useCallback((user: User) => {
    writeStorage(storageKeys.user, JSON.stringify(user));
    setState((s) => ({ ...s, user }));
  }, []);

  const selectCompany = useCallback(
    (company: Company) => {
      // Saving the selected company's own details selects it again: its cache stays.
      const previousId = readStoredSession().company?.id ?? null;
      writeStorage(storageKeys.selectedCompany, JSON.stringify(company));
      if (previousId !== company.id) resetCache();
      setState((s) => ({ ...s, company }));
    },
    [resetCache],
  );

  const changeCompany = useCallback(() => {
    removeStorage(storageKeys.selectedCompany);
    resetCache();
    setState((s) => ({ ...s, company: null }));
  }, [resetCache]);

  const logout = useCallback(() => {
    clearStoredSession();
    resetCache();
    setState({ token: null, user: null, company: null });
  }, [resetCache]);

  const value = useMemo(
    () => ({ ...state, signIn, updateUser, selectCompany, changeCompany, logout }),
    [state, signIn, updateUser, selectCompany, changeCompany, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
