/**
 * Measures `pledgeBalance` over 100,000 pledges with up to 10 payments each (under 1 s in
 * total). Run: npx tsx bench/domain/pledge-balance.ts
 */
import { addDays, firstMonthInterestPaise, type PledgeForBalance, pledgeBalance } from '@pledge-desk/domain';

const PLEDGES = 100_000;
const RUNS = 7;

// A small deterministic generator, so every run measures the same book.
let seed = 20261122;
function random(): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}
const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const asOf = '2026-11-22';
const pledges: PledgeForBalance[] = [];
let paymentCount = 0;
for (let i = 0; i < PLEDGES; i++) {
  const loanPaise = between(5_000, 500_000) * 100;
  const rateBp = [100, 125, 150, 175, 200][between(0, 4)]!;
  const startDay = between(0, 1000);
  const pledgeDate = addDays('2024-01-01', startDay);
  const payments = [];
  const count = between(0, 10);
  let day = startDay;
  let principalLeft = loanPaise;
  for (let k = 0; k < count; k++) {
    day += between(0, 60);
    const principalPaise = random() < 0.4 ? Math.min(principalLeft, between(1_000, 50_000) * 100) : 0;
    principalLeft -= principalPaise;
    payments.push({
      date: addDays('2024-01-01', day),
      interestPaise: between(0, 5_000) * 100,
      principalPaise,
    });
  }
  paymentCount += count;
  pledges.push({
    loanPaise,
    rateBp,
    pledgeDate,
    firstMonthInterestPaise: firstMonthInterestPaise(loanPaise, rateBp),
    payments,
  });
}

let checksum = 0;
const times: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  for (const p of pledges) checksum += pledgeBalance(p, asOf).totalOutstandingPaise;
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(RUNS / 2)]!;
console.log(
  JSON.stringify(
    {
      benchmark: 'pledgeBalance',
      pledges: PLEDGES,
      payments: paymentCount,
      runs: RUNS,
      slowestMs: Math.round(times[times.length - 1]!),
      bestMs: Math.round(times[0]!),
      medianMs: Math.round(median),
      perPledgeMicroseconds: Number(((median * 1000) / PLEDGES).toFixed(2)),
      node: process.version,
      checksum,
    },
    null,
    2,
  ),
);
if (median >= 1000) {
  console.error(`pledgeBalance took ${median.toFixed(0)} ms for ${PLEDGES} pledges: over the 1 s budget`);
  process.exitCode = 1;
}
