import {
  type CashSettings,
  type CurrentCashDrawer,
  DRAWER_PAYOUT_MESSAGES,
  drawerPayoutVerdict,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { useMessageText } from '@/lib/i18n/messages';
import { useSession } from '@/lib/session';
import { useCashSettings } from '../api/cash-settings';
import { useMyCashDrawer } from '../api/my-cash-drawer';

/**
 * What the drawer rules say of a cash payout on a payout screen, before Save: the
 * same domain verdict the server gives (drawer-guard.ts), from the company's settings and the clerk's
 * drawer of the payout's date. `blocked`: Save stays off, the server would refuse it; a warning only
 * says so. Nothing to say: null.
 */
export interface DrawerPayoutCheck {
  blocked: boolean;
  message: string | null;
}

const NOTHING: DrawerPayoutCheck = { blocked: false, message: null };

export function checkDrawerPayout(p: {
  amountPaise: number;
  method: string;
  date: string;
  settings: CashSettings | null | undefined;
  current: CurrentCashDrawer | null | undefined;
  isAdmin: boolean;
}): DrawerPayoutCheck {
  // Without the settings or the drawer (not loaded, or the call failed) the screen gates nothing:
  // the server applies the rules anyway.
  if (p.method !== 'cash' || p.amountPaise <= 0 || !p.settings || !p.current) return NOTHING;
  const drawer = p.current.drawer;
  const open = drawer?.status === 'open' ? drawer : null;
  const verdict = drawerPayoutVerdict({
    payoutPaise: p.amountPaise,
    heldPaise: open ? rupeesToPaise(open.expected) : null,
    noDrawerMode: p.settings.no_drawer_payout,
    shortMode: p.settings.drawer_short_payout,
    isAdmin: p.isAdmin,
  });
  if (verdict.verdict === 'no-drawer') {
    return { blocked: true, message: DRAWER_PAYOUT_MESSAGES.noDrawerBlock(p.date) };
  }
  if (verdict.verdict === 'short') {
    return {
      blocked: true,
      message: DRAWER_PAYOUT_MESSAGES.short(verdict.heldPaise, p.amountPaise, p.settings.drawer_short_payout),
    };
  }
  // A closed drawer takes no more cash (the server's DRAWER_CLOSED); no drawer in warn mode: say so.
  if (!open && drawer?.status !== 'closed') {
    return { blocked: false, message: DRAWER_PAYOUT_MESSAGES.noDrawerWarn(p.date) };
  }
  return NOTHING;
}

/** The check of a payout screen's amount, with the settings and the drawer it reads. */
export function useDrawerPayoutCheck(p: { amountPaise: number; method: string; date: string }) {
  const { user } = useSession();
  const isCash = p.method === 'cash' && p.amountPaise > 0;
  const settings = useCashSettings();
  const current = useMyCashDrawer(p.date, isCash && /^\d{4}-\d{2}-\d{2}$/.test(p.date));
  return checkDrawerPayout({
    ...p,
    settings: settings.data,
    current: current.data,
    isAdmin: user?.role === 'admin',
  });
}

/** The check's sentence under the payout method: red when Save is off, amber when it only warns. */
export function DrawerPayoutNotice({
  check,
  className = '',
}: {
  check: DrawerPayoutCheck;
  className?: string;
}) {
  const messageText = useMessageText();
  if (!check.message) return null;
  return (
    <p
      role={check.blocked ? 'alert' : 'status'}
      data-testid={check.blocked ? 'drawer-payout-block' : 'drawer-payout-warn'}
      className={`rounded-xl px-4 py-3 text-sm ${
        check.blocked
          ? 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300'
          : 'bg-amber-50 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100'
      } ${className}`}
    >
      {messageText(check.message)}
    </p>
  );
}
