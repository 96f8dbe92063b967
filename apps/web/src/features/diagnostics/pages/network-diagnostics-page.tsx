import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { getApiBaseUrl } from '../../../lib/api-client';
import { readStorage, storageKeys } from '../../../lib/storage';
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
        <p>Checking...</p>
      ) : (
        <p>
          {describeStatus(result)} in {result.latencyMs} ms{result.text ? ` — ${result.text}` : ''}
        </p>
      )}
    </div>
  );
}

/** The /users/me answer in a sentence, instead of the user record's JSON. */
function summariseMe(result: ProbeResult): ProbeResult {
  if (result.status === 401)
    return { ...result, text: 'The server refused this session: sign out and sign in again.' };
  if (!result.ok) return result;
  try {
    const me = JSON.parse(result.text) as { username?: unknown; role?: unknown };
    if (typeof me.username === 'string') {
      return {
        ...result,
        text: `Signed in as ${me.username}${typeof me.role === 'string' ? ` (${me.role})` : ''}.`,
      };
    }
  } catch {
    // Not JSON: show the text as it came.
  }
  return result;
}

/** Network Diagnostics (/network-diagnostics): can this browser reach the Pledge Desk server, and if not, why. */
export function NetworkDiagnosticsPage() {
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
    setAuth(summariseMe(await checkSignedIn(apiBase)));
  };

  const statusLabel = { checking: 'Checking...', online: 'Online', offline: 'Offline' }[status];

  return (
    <div className="flex flex-col gap-5">
      <Panel
        title="Server connection"
        description="Whether this browser reaches the Pledge Desk server."
        actions={
          <>
            <Button variant="secondary" onClick={() => void recheck()} disabled={status === 'checking'}>
              Recheck Backend
            </Button>
            <Button
              variant="secondary"
              onClick={() => void testAuthenticated()}
              disabled={auth === 'running'}
            >
              Test Authenticated Endpoint
            </Button>
            <a
              href={`${apiBase}/docs`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-navy-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 dark:border-navy-500 dark:bg-navy-800 dark:text-white dark:hover:bg-navy-700"
            >
              Open API Docs
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </>
        }
      >
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <span className="text-sm font-medium text-slate-500 dark:text-slate-400">Backend status</span>
          <StatusPill status={status} label={statusLabel} />
          <span className="sr-only" role="status">
            Backend {status}
          </span>
          {checkedAt && status !== 'checking' ? (
            <span className="text-xs text-slate-500 dark:text-slate-400">checked at {timeOf(checkedAt)}</span>
          ) : null}
        </div>
        <dl>
          <Detail label="API base address">{absoluteBase}</Detail>
          <Detail label="Address source" isCode={false}>
            {override ? 'Set on this computer (API Test screen)' : 'Default: this site /api'}
          </Detail>
          <Detail label="Latest API response">
            {backend
              ? `${describeStatus(backend)} in ${backend.latencyMs} ms — ${backend.text || '(empty)'}`
              : 'Checking...'}
          </Detail>
          <Detail label="Sign-in endpoint">
            {login ? `${describeStatus(login)} in ${login.latencyMs} ms` : 'Checking...'}
          </Detail>
        </dl>
        <ResultLine title="Authenticated endpoint (/users/me)" result={auth} />
      </Panel>

      <Panel title="This browser" description="Where the page was opened from.">
        <dl>
          <Detail label="Page address">{window.location.href}</Detail>
          <Detail label="Protocol">{window.location.protocol}</Detail>
          <Detail label="Host name">{window.location.hostname}</Detail>
          <Detail label="Port">{window.location.port || '(default)'}</Detail>
          <Detail label="Origin">{window.location.origin}</Detail>
          <Detail label="navigator.onLine">
            <span
              className={
                browserOnline ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'
              }
            >
              {String(browserOnline)}
            </span>
            {browserOnline ? '' : ' (the computer reports no network)'}
          </Detail>
        </dl>
      </Panel>

      <Panel title="Troubleshooting" description="When the status says Offline, go through these in order.">
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-200">
          <li>
            Check that the <strong>server computer</strong> is switched on and Pledge Desk is running on it
            (its window or service shows no error).
          </li>
          <li>
            Check that this computer is on the <strong>same network</strong> as the server: the same Wi-Fi or
            the same office switch. A computer on mobile data or a guest Wi-Fi cannot reach it.
          </li>
          <li>
            On the server computer, allow <strong>port {BACKEND_DEFAULT_PORT}</strong> through the firewall
            (Windows Defender Firewall: an inbound rule for TCP port {BACKEND_DEFAULT_PORT} on private
            networks).
          </li>
          <li>
            Check the <strong>address</strong>: open the API Test screen, try the suggested addresses, and use
            the one that answers. If the server's address changed, ask for a fixed address on the router.
          </li>
          <li>
            If <code>navigator.onLine</code> is false, this computer itself has no network: check its cable or
            Wi-Fi first.
          </li>
          <li>Still offline: note the API base address and the latest response above and call support.</li>
        </ol>
      </Panel>
    </div>
  );
}

export default NetworkDiagnosticsPage;
