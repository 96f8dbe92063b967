import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { getApiBaseUrl } from '@/lib/api-client';
import type { Translate } from '@/lib/i18n/catalogue';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { readStorage, storageKeys } from '@/lib/storage';
import {
  absoluteApiBase,
  BACKEND_DEFAULT_PORT,
  checkBackend,
  checkLoginEndpoint,
  checkSignedIn,
  describeStatus,
  type ProbeResult,
} from '../api/probe';
import { type ConnectionStatus, Detail, Panel, StatusPill } from '../components/panel';
import { networkText } from '../i18n';

type NetworkTextKey = keyof typeof networkText.en;

function useOnlineFlag(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

const timeOf = (date: Date) => date.toLocaleTimeString('en-IN', { hour12: false });

function ResultLine({ title, result }: { title: string; result: ProbeResult | null | 'running' }) {
  const t = useT(networkText);
  const messageText = useMessageText();
  if (result === null) return null;
  return (
    <div
      role="status"
      className={`mt-3 rounded-xl px-4 py-3 text-sm ${
        result === 'running'
          ? 'bg-slate-50 text-slate-600 dark:bg-navy-700 dark:text-slate-300'
          : result.ok
            ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200'
            : 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300'
      }`}
    >
      <p className="font-semibold">{title}</p>
      {result === 'running' ? (
        <p>{t('checking')}</p>
      ) : (
        <p>
          {t('statusIn', { status: messageText(describeStatus(result)), ms: String(result.latencyMs) })}
          {result.text ? ` — ${messageText(result.text)}` : ''}
        </p>
      )}
    </div>
  );
}

/** The /users/me answer in a sentence, instead of the user record's JSON. */
function summariseMe(t: Translate<NetworkTextKey>, result: ProbeResult): ProbeResult {
  if (result.status === 401) return { ...result, text: t('refusedSession') };
  if (!result.ok) return result;
  try {
    const me = JSON.parse(result.text) as { username?: unknown; role?: unknown };
    if (typeof me.username === 'string') {
      return {
        ...result,
        text:
          typeof me.role === 'string'
            ? t('signedInAsRole', { name: me.username, role: me.role })
            : t('signedInAs', { name: me.username }),
      };
    }
  } catch {
    // Not JSON: show the text as it came.
  }
  return result;
}

/** Network Diagnostics (/network-diagnostics): can this browser reach the Pledge Desk server, and if not, why. */
export function NetworkDiagnosticsPage() {
  const t = useT(networkText);
  const messageText = useMessageText();
  const apiBase = getApiBaseUrl();
  const absoluteBase = absoluteApiBase(apiBase);
  const override = readStorage(storageKeys.apiBaseUrl)?.trim() || null;
  const browserOnline = useOnlineFlag();
  const [status, setStatus] = useState<ConnectionStatus>('checking');
  const [backend, setBackend] = useState<ProbeResult | null>(null);
  const [login, setLogin] = useState<ProbeResult | null>(null);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const [auth, setAuth] = useState<ProbeResult | null | 'running'>(null);
  const run = useRef(0);

  const recheck = useCallback(async () => {
    const id = ++run.current;
    setStatus('checking');
    const [root, signIn] = await Promise.all([checkBackend(apiBase), checkLoginEndpoint(apiBase)]);
    if (id !== run.current) return;
    setBackend(root);
    setLogin(signIn);
    setCheckedAt(new Date());
    setStatus(root.ok ? 'online' : 'offline');
  }, [apiBase]);

  useEffect(() => {
    void recheck();
  }, [recheck]);

  const testAuthenticated = async () => {
    setAuth('running');
    setAuth(summariseMe(t, await checkSignedIn(apiBase)));
  };

  const statusLabel = { checking: t('checking'), online: t('online'), offline: t('offline') }[status];

  return (
    <div className="flex flex-col gap-5">
      <Panel
        title={t('serverTitle')}
        description={t('serverHelp')}
        actions={
          <>
            <Button variant="secondary" onClick={() => void recheck()} disabled={status === 'checking'}>
              {t('recheck')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void testAuthenticated()}
              disabled={auth === 'running'}
            >
              {t('testAuthenticated')}
            </Button>
            <a
              href={`${apiBase}/docs`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-navy-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700"
            >
              {t('openDocs')}
              <span className="sr-only">{t('newTab')}</span>
            </a>
          </>
        }
      >
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <span className="text-sm font-medium text-slate-500 dark:text-slate-400">{t('backendStatus')}</span>
          <StatusPill status={status} label={statusLabel} />
          <span className="sr-only" role="status">
            {
              { checking: t('backendChecking'), online: t('backendOnline'), offline: t('backendOffline') }[
                status
              ]
            }
          </span>
          {checkedAt && status !== 'checking' ? (
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {t('checkedAt', { time: timeOf(checkedAt) })}
            </span>
          ) : null}
        </div>
        <dl>
          <Detail label={t('apiBase')}>{absoluteBase}</Detail>
          <Detail label={t('addressSource')} isCode={false}>
            {override ? t('sourceOverride') : t('sourceDefault')}
          </Detail>
          <Detail label={t('latestResponse')}>
            {backend
              ? `${t('statusIn', { status: messageText(describeStatus(backend)), ms: String(backend.latencyMs) })} — ${
                  backend.text ? messageText(backend.text) : t('empty')
                }`
              : t('checking')}
          </Detail>
          <Detail label={t('signInEndpoint')}>
            {login
              ? t('statusIn', { status: messageText(describeStatus(login)), ms: String(login.latencyMs) })
              : t('checking')}
          </Detail>
        </dl>
        <ResultLine title={t('authenticatedEndpoint')} result={auth} />
      </Panel>

      <Panel title={t('browserTitle')} description={t('browserHelp')}>
        <dl>
          <Detail label={t('pageAddress')}>{window.location.href}</Detail>
          <Detail label={t('protocol')}>{window.location.protocol}</Detail>
          <Detail label={t('hostName')}>{window.location.hostname}</Detail>
          <Detail label={t('port')}>{window.location.port || t('defaultPort')}</Detail>
          <Detail label={t('origin')}>{window.location.origin}</Detail>
          <Detail label={t('navigatorOnLine')}>
            <span
              className={
                browserOnline ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'
              }
            >
              {String(browserOnline)}
            </span>
            {browserOnline ? '' : t('noNetwork')}
          </Detail>
        </dl>
      </Panel>

      <Panel title={t('troubleTitle')} description={t('troubleHelp')}>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-200">
          <li>{t.rich('stepServer', { b: (chunks) => <strong>{chunks}</strong> })}</li>
          <li>{t.rich('stepNetwork', { b: (chunks) => <strong>{chunks}</strong> })}</li>
          <li>
            {t.rich('stepPort', {
              port: String(BACKEND_DEFAULT_PORT),
              b: (chunks) => <strong>{chunks}</strong>,
            })}
          </li>
          <li>{t.rich('stepAddress', { b: (chunks) => <strong>{chunks}</strong> })}</li>
          <li>{t.rich('stepOnline', { code: (chunks) => <code>{chunks}</code> })}</li>
          <li>{t('stepSupport')}</li>
        </ol>
      </Panel>
    </div>
  );
}

export default NetworkDiagnosticsPage;
