import { describe, expect, it } from 'vitest';
import { ceilingMessage, isAboveCeiling, licenceMessage, licenceState } from './licence.ts';

describe('the licence of a branch', () => {
  it('is valid until 30 days before its expiry, expiring from then through the expiry date, expired the day after', () => {
    expect(licenceState('2027-03-31', '2027-02-28')).toBe('valid');
    expect(licenceState('2027-03-31', '2027-03-01')).toBe('expiring');
    expect(licenceState('2027-03-31', '2027-03-31')).toBe('expiring');
    expect(licenceState('2027-03-31', '2027-04-01')).toBe('expired');
  });

  it('checks nothing when no expiry date is recorded', () => {
    expect(licenceState(null, '2027-04-01')).toBe('none');
    expect(licenceState('', '2027-04-01')).toBe('none');
  });

  it('says when the licence expires, and that no pledge can be made after', () => {
    const licence = { number: 'TN/MDU/PB/123', expiry: '2027-03-31' };
    expect(licenceMessage('expiring', licence, '2027-03-11')).toBe(
      'The licence TN/MDU/PB/123 expires on 31/03/2027 (in 20 days). Renew it before then: no new pledge can be made after it expires.',
    );
    expect(licenceMessage('expiring', licence, '2027-03-31')).toContain('(today)');
    expect(licenceMessage('expired', licence, '2027-04-02')).toBe(
      'The licence TN/MDU/PB/123 expired on 31/03/2027. No new pledge can be made until it is renewed.',
    );
    expect(licenceMessage('expired', { number: null, expiry: '2027-03-31' }, '2027-04-02')).toMatch(
      /^The licence expired/,
    );
  });
});

describe('the interest ceiling', () => {
  it('refuses a rate above it and allows one at it', () => {
    expect(isAboveCeiling(200, 200)).toBe(false);
    expect(isAboveCeiling(201, 200)).toBe(true);
    expect(isAboveCeiling(500, null)).toBe(false);
  });

  it('names the rate and the ceiling', () => {
    expect(ceilingMessage(250, 200)).toBe(
      "Interest of 2.5% a month is above the branch's ceiling of 2% a month",
    );
  });
});
