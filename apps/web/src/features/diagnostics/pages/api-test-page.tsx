import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toasts';
import { getApiBaseUrl } from '@/lib/api-client';
import { useT } from '@/lib/i18n/language';
import { useMessageText } from '@/lib/i18n/messages';
import { readStorage, removeStorage, storageKeys, writeStorage } from '@/lib/storage';
import { candidateApiAddresses, normaliseApiAddress } from '../api/candidates';
import { absoluteApiBase, checkBackend, describeStatus } from '../api/probe';
import { Detail, Panel } from '../components/panel';
import { apiTestText } from '../i18n';

interface LogEntry {
  id: number;
  time: string;
  address: string;
  ok: boolean;
  status: string;
  latencyMs: number;
  text: string;
}

let nextLogId = 1;

/** API Connection Test (/api-test): try addresses of the server and choose the one this browser uses. */
export function ApiTestPage() {
  const t = useT(apiTestText);
  const messageText = useMessageText();
  const { showToast } = useToast();
  const candidates = candidateApiAddresses(window.location);
  const inUse = absoluteApiBase(getApiBaseUrl());
  const [override, setOverride] = useState(() => readStorage(storageKeys.apiBaseUrl)?.trim() || null);
  const [address, setAddress] = useState(inUse);
  const [error, setError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [needsRefresh, setNeedsRefresh] = useState(false);
  const [failedChoice, setFailedChoice] = useState<{ address: string; status: string } | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const validAddress = (): string | null => {
    const normalised = normaliseApiAddress(address);
    if (!normalised) {
      setError(t('badAddress'));
      return null;
    }
    setError(null);
    return normalised;
  };

  /** Tries the address, logs the answer, and returns it. */
  const probe = async (target: string): Promise<LogEntry> => {
    setTesting(true);
    const result = await checkBackend(target);
    setTesting(false);
    const entry: LogEntry = {
      id: nextLogId++,
      time: new Date().toLocaleTimeString('en-IN', { hour12: false }),
      address: target,
      ok: result.ok,
      status: describeStatus(result),
      latencyMs: result.latencyMs,
      text: result.text,
    };
    setLog((entries) => [entry, ...entries]);
    return entry;
  };

  const testConnection = async (event?: FormEvent) => {
    event?.preventDefault();
    const target = validAddress();
    if (!target) return;
    await probe(target);
  };

  const saveOverride = (target: string) => {
    writeStorage(storageKeys.apiBaseUrl, target);
    setOverride(target);
    setNeedsRefresh(true);
    showToast({
      type: 'info',
      title: t('savedTitle'),
      message: t('savedMessage', { address: target }),
    });
  };

  /**
   * Stores the address only once it has answered: an address that failed (its last test here, or a
   * test run now when it has none) is used only after a confirm, because after the refresh every
   * screen would show 'Network error' until it answers.
   */
  const chooseThisApi = async () => {
    const target = validAddress();
    if (!target) return;
    const last = log.find((entry) => entry.address === target) ?? (await probe(target));
    if (last.ok) saveOverride(target);
    else setFailedChoice({ address: target, status: last.status });
  };

  const clearOverride = () => {
    removeStorage(storageKeys.apiBaseUrl);
    setOverride(null);
    setNeedsRefresh(true);
    showToast({
      type: 'info',
      title: t('clearedTitle'),
      message: t('clearedMessage'),
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <Panel title={t('inUseTitle')} description={t('inUseHelp')}>
        <dl>
          <Detail label={t('apiBase')}>{inUse}</Detail>
          <Detail label={t('savedOverride')} isCode={override !== null}>
            {override ?? t('noOverride')}
          </Detail>
        </dl>
        {needsRefresh ? (
          <div
            role="status"
            className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
          >
            <span>{t('afterRefresh')}</span>
            <Button variant="secondary" className="py-1.5" onClick={() => window.location.reload()}>
              {t('refreshNow')}
            </Button>
          </div>
        ) : null}
        {override ? (
          <Button variant="ghost" className="mt-3" onClick={clearOverride}>
            {t('clearOverride')}
          </Button>
        ) : null}
      </Panel>

      <Panel title={t('testTitle')} description={t('testHelp')}>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-navy-700 dark:text-white">{t('suggested')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {candidates.map((c) => (
              <label
                key={c.url}
                className={`flex cursor-pointer items-start gap-3 rounded-xl border px-3.5 py-2.5 text-sm ${
                  normaliseApiAddress(address) === c.url
                    ? 'border-brand-500 bg-brand-50 dark:bg-navy-700'
                    : 'border-slate-200 hover:bg-slate-50 dark:border-navy-600 dark:hover:bg-navy-700'
                }`}
              >
                <input
                  type="radio"
                  name="api-candidate"
                  value={c.url}
                  checked={normaliseApiAddress(address) === c.url}
                  onChange={() => {
                    setAddress(c.url);
                    setError(null);
                  }}
                  className="mt-1 accent-brand-500"
                />
                <span>
                  <span className="block font-semibold text-navy-700 dark:text-white">
                    {messageText(c.label)}
                  </span>
                  <span className="block font-mono text-xs text-slate-500 dark:text-slate-400">{c.url}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <form onSubmit={(e) => void testConnection(e)} className="mt-4 flex flex-wrap items-start gap-3">
          <div className="min-w-72 flex-1">
            <label
              htmlFor={inputId}
              className="mb-1.5 block text-sm font-medium text-navy-700 dark:text-white"
            >
              {t('apiAddress')}
            </label>
            <input
              id={inputId}
              type="text"
              inputMode="url"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              placeholder={t('apiPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={`block w-full rounded-xl border bg-white px-3.5 py-2.5 font-mono text-sm text-navy-700 outline-none placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:bg-navy-900 dark:text-white ${
                error ? 'border-red-500' : 'border-slate-300 dark:border-navy-600'
              }`}
            />
            {error ? (
              <p id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex gap-3 sm:pt-7">
            <Button type="submit" disabled={testing}>
              {testing ? t('testing') : t('testConnection')}
            </Button>
            <Button variant="secondary" disabled={testing} onClick={() => void chooseThisApi()}>
              {t('useThisApi')}
            </Button>
          </div>
        </form>
      </Panel>

      <Panel
        title={t('results')}
        description={t('newestFirst')}
        actions={
          log.length > 0 ? (
            <Button variant="ghost" className="py-1.5" onClick={() => setLog([])}>
              {t('clearLog')}
            </Button>
          ) : null
        }
      >
        {log.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('noTests')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-sm" aria-label={t('resultsTable')}>
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs tracking-wide text-slate-500 uppercase dark:border-navy-600 dark:text-slate-400">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t('time')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t('address')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t('status')}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    {t('latency')}
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    {t('answer')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.map((entry) => (
                  <tr key={entry.id} className="border-b border-slate-100 last:border-0 dark:border-navy-700">
                    <td className="py-2 pr-4 tabular-nums whitespace-nowrap">{entry.time}</td>
                    <td className="py-2 pr-4 font-mono text-xs break-all">{entry.address}</td>
                    <td
                      className={`py-2 pr-4 font-semibold whitespace-nowrap ${
                        entry.ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'
                      }`}
                    >
                      {entry.ok ? t('ok') : t('failed')} · {messageText(entry.status)}
                    </td>
                    <td className="py-2 pr-4 text-right tabular-nums whitespace-nowrap">
                      {`${entry.latencyMs} ms`}
                    </td>
                    <td className="py-2 text-slate-600 dark:text-slate-300">
                      {entry.text ? messageText(entry.text) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      <ConfirmDialog
        open={failedChoice !== null}
        title={t('failedTitle')}
        message={
          failedChoice
            ? t('failedMessage', { address: failedChoice.address, status: messageText(failedChoice.status) })
            : ''
        }
        confirmLabel={t('useAnyway')}
        onCancel={() => setFailedChoice(null)}
        onConfirm={() => {
          if (failedChoice) saveOverride(failedChoice.address);
          setFailedChoice(null);
        }}
      />
    </div>
  );
}

export default ApiTestPage;
