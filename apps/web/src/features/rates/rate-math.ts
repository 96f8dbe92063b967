import { compareDates, formatRupees, mulDivRoundHalfUp, rupeesToPaise } from '@pledge-desk/domain';
import type { GoldSilverRate } from './api/get-rates';

/** Rupees as the API carries them, shown with Indian grouping: 7512.5 → "Rs. 7,512.50". */
export function formatRupeeAmount(rupees: number): string {
  return formatRupees(rupeesToPaise(rupees));
}

/** 22K gold is 22 parts in 24 of fine gold: the 24K rate × 11/12 (shell-and-masters §9), to the paisa. */
export function gold22kPaise(gold24kPaise: number): number {
  return mulDivRoundHalfUp([gold24kPaise, 11], 12);
}

export interface RateChange {
  /** Paise up (positive) or down (negative) since the previous stored day; null without one. */
  deltaPaise: number | null;
  /** Percent change with 2 decimals; null without a previous day. */
  percent: number | null;
}

function changeOf(currentPaise: number, previousPaise: number | undefined): RateChange {
  if (previousPaise === undefined || previousPaise === 0) return { deltaPaise: null, percent: null };
  const deltaPaise = currentPaise - previousPaise;
  return { deltaPaise, percent: Math.round((deltaPaise * 10_000) / previousPaise) / 100 };
}

export interface RateRow {
  metal: string;
  purity: string;
  perGramPaise: number;
  per10GramsPaise: number;
  /** Only silver is quoted per kg (999 fine: per gram × 1000). */
  perKgPaise: number | null;
}

export interface RatesSummary {
  latest: GoldSilverRate;
  previous: GoldSilverRate | null;
  gold24kPaise: number;
  silverPaise: number;
  goldChange: RateChange;
  silverChange: RateChange;
  /** Gold 24K, gold 22K (derived), silver 999. */
  rows: RateRow[];
  /** The latest 7 stored days, oldest first, for the history chart (rupees per gram). */
  history: { date: string; gold: number; silver: number }[];
}

/**
 * The dashboard's figures from the stored rates (any order): the latest day, its change versus the
 * previous stored day (a holiday has no rate, so "yesterday" is the last day with one), and 7 days of history.
 */
export function summariseRates(rates: readonly GoldSilverRate[]): RatesSummary | null {
  if (rates.length === 0) return null;
  const byDateDesc = [...rates].sort((a, b) => compareDates(b.date, a.date) || b.id - a.id);
  const latest = byDateDesc[0]!;
  const previous = byDateDesc[1] ?? null;
  const gold24kPaise = rupeesToPaise(latest.gold_rate_per_gram);
  const silverPaise = rupeesToPaise(latest.silver_rate_per_gram);
  const gold22 = gold22kPaise(gold24kPaise);
  // One rate per day and company (a unique index on the server).
  const lastDays = byDateDesc.slice(0, 7);
  return {
    latest,
    previous,
    gold24kPaise,
    silverPaise,
    goldChange: changeOf(gold24kPaise, previous ? rupeesToPaise(previous.gold_rate_per_gram) : undefined),
    silverChange: changeOf(silverPaise, previous ? rupeesToPaise(previous.silver_rate_per_gram) : undefined),
    rows: [
      {
        metal: 'Gold',
        purity: '24K (999)',
        perGramPaise: gold24kPaise,
        per10GramsPaise: gold24kPaise * 10,
        perKgPaise: null,
      },
      {
        metal: 'Gold',
        purity: '22K (916)',
        perGramPaise: gold22,
        per10GramsPaise: gold22 * 10,
        perKgPaise: null,
      },
      {
        metal: 'Silver',
        purity: '999 fine',
        perGramPaise: silverPaise,
        per10GramsPaise: silverPaise * 10,
        perKgPaise: silverPaise * 1000,
      },
    ],
    history: lastDays
      .reverse()
      .map((r) => ({ date: r.date, gold: r.gold_rate_per_gram, silver: r.silver_rate_per_gram })),
  };
}
