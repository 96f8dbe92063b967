import { describe, expect, it } from 'vitest';
import { replicaUnavailable } from './reports-pool.ts';

// Which errors send a report query from the replica to the primary: the replica not being
// able to answer, never the query being wrong.
describe('replicaUnavailable', () => {
  it('is true for a replica that is gone, shutting down, starting or in recovery conflict', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'ENOTFOUND',
      '08006',
      '08001',
      '57P01',
      '57P03',
      '40001',
    ]) {
      expect(replicaUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    expect(replicaUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(replicaUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('is false for an error of the query itself', () => {
    for (const code of ['42601', '42P01', '23505', '22P02', '57014']) {
      expect(replicaUnavailable(Object.assign(new Error('x'), { code })), code).toBe(false);
    }
    expect(replicaUnavailable(new Error('syntax error at or near "selec"'))).toBe(false);
    expect(replicaUnavailable(null)).toBe(false);
    expect(replicaUnavailable('ECONNREFUSED')).toBe(false);
  });
});
