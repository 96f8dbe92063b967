import { describe, expect, it } from 'vitest';
import { KEPT_WEIGHT_MESSAGES, KEPT_WEIGHT_TOLERANCE_MG, weighKeptArticle } from './kept-weights.ts';

const stored = { grossMg: 10_500, netMg: 10_000 };

describe('a kept article weighed again at a renewal: gold does not gain weight', () => {
  it('the same weights, or lighter ones, need no approval', () => {
    expect(weighKeptArticle(stored, stored)).toEqual({
      netAboveGross: false,
      grossIncreaseMg: 0,
      netIncreaseMg: 0,
      needsApproval: false,
    });
    expect(weighKeptArticle(stored, { grossMg: 10_400, netMg: 9_900 }).needsApproval).toBe(false);
  });

  it('another scale reading up to 10 mg heavier passes; 11 mg heavier needs an approval', () => {
    expect(KEPT_WEIGHT_TOLERANCE_MG).toBe(10);
    expect(weighKeptArticle(stored, { grossMg: 10_510, netMg: 10_010 })).toMatchObject({
      grossIncreaseMg: 10,
      netIncreaseMg: 10,
      needsApproval: false,
    });
    expect(weighKeptArticle(stored, { grossMg: 10_511, netMg: 10_000 }).needsApproval).toBe(true);
    expect(weighKeptArticle(stored, { grossMg: 10_500, netMg: 10_011 }).needsApproval).toBe(true);
  });

  it('10 g weighed as 500 g needs an approval, the increase counted', () => {
    expect(
      weighKeptArticle({ grossMg: 10_000, netMg: 10_000 }, { grossMg: 500_000, netMg: 500_000 }),
    ).toEqual({
      netAboveGross: false,
      grossIncreaseMg: 490_000,
      netIncreaseMg: 490_000,
      needsApproval: true,
    });
  });

  it('a net weight above the gross is flagged, even when both are lighter than stored', () => {
    expect(weighKeptArticle(stored, { grossMg: 9_000, netMg: 9_001 }).netAboveGross).toBe(true);
    expect(weighKeptArticle(stored, { grossMg: 9_001, netMg: 9_001 }).netAboveGross).toBe(false);
  });

  it('the refusal under the weight names the weight the pledge stored', () => {
    expect(KEPT_WEIGHT_MESSAGES.heavier(10_000)).toBe(
      "Heavier than the 10.000 g stored: gold does not gain weight. An increase needs an admin's approval and a reason.",
    );
  });

  it('refuses weights that are not whole milligrams', () => {
    expect(() => weighKeptArticle(stored, { grossMg: 10.5, netMg: 10 })).toThrow(/whole number/);
    expect(() => weighKeptArticle({ grossMg: -1, netMg: 0 }, stored)).toThrow(/whole number/);
  });
});
