import {
  CASH_LIMIT_MODES,
  COMPLIANCE_REGIMES,
  type ComplianceSettingsView,
  KYC_INCOMPLETE_MODES,
} from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { array, boolean, int, number, object, oneOf, type Shape, string } from '@/lib/shape';

/**
 * The answer's shape (the domain's `complianceSettingsViewSchema`, whose checks of the settings the
 * server has already made), read with lib/shape.ts: the licence banner reads it on every screen and
 * the shell fetches no zod (issue 32). `app/__tests__/shell-shapes.test.tsx` holds it to the domain schema.
 */
export const complianceViewShape: Shape<ComplianceSettingsView> = object({
  regime: oneOf(COMPLIANCE_REGIMES),
  licence_number: string().nullable(),
  licence_expiry: string().nullable(),
  licence_state: oneOf(['none', 'valid', 'expiring', 'expired']),
  licence_days_left: int().nullable(),
  licence_message: string().nullable(),
  interest_ceiling: number().nullable(),
  cash_limit: number(),
  cash_limit_mode: oneOf(CASH_LIMIT_MODES),
  approval_threshold: number(),
  rbi_rules: object({
    ltv_tiers: array(object({ up_to: number().nullable(), percent: number() })),
    bullet_max_months: int(),
    gold_ornaments_max_g: number(),
    gold_coins_max_g: number(),
    silver_ornaments_max_g: number(),
    silver_coins_max_g: number(),
    valuation_average_days: int(),
  }),
  pan_applies: boolean(),
  pan_threshold: number(),
  pan_default: object({ applies: boolean(), threshold: number() }),
  kyc_incomplete_mode: oneOf(KYC_INCOMPLETE_MODES),
});

/**
 * The compliance settings of the selected branch: read by the licence banner, the Compliance
 * screen, Create Pledge (no new pledge once the licence has expired) and the payment screens (the
 * approval threshold of a discount or penalty). Shared, because several features read the same settings.
 */
export const complianceKey = ['compliance'] as const;

export async function getCompliance(
  companyId: number,
  signal?: AbortSignal,
): Promise<ComplianceSettingsView> {
  const body = await apiRequest<unknown>(`/companies/${companyId}/compliance`, signal ? { signal } : {});
  return complianceViewShape.parse(body);
}

/** The key of one branch's settings, for a screen that writes them into the cache. */
export const complianceKeyOf = (companyId: number | null) => [...complianceKey, { companyId }] as const;

/**
 * The selected branch's settings. The licence banner reads them on every screen, so an answer stays
 * fresh for five minutes; a failed read (no such route yet, offline) is not retried and shows nothing.
 */
export function useCompliance({ staleTime = 5 * 60_000 }: { staleTime?: number } = {}) {
  const { company, token } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: complianceKeyOf(companyId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getCompliance(companyId as number, signal),
    enabled: companyId !== null && Boolean(token),
    staleTime,
    retry: false,
  });
}
