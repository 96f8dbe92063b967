import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from '../index.ts';

// fastify-type-provider-zod turns every body schema into JSON Schema; a transform it cannot express
// would break the server's route registration, so each exported schema is converted here.
const schemas: [string, z.ZodType][] = [];
for (const [name, value] of Object.entries(domain) as [string, unknown][]) {
  if (name.endsWith('Schema') && value instanceof z.ZodType) schemas.push([name, value]);
}

describe('every request schema converts to JSON Schema (input and output)', () => {
  it('exports the request schemas the server registers', () => {
    const names = schemas.map(([name]) => name);
    for (const expected of [
      'loginSchema',
      'companySchema',
      'userSchema',
      'rateSchema',
      'jewelTypeSchema',
      'jewelRateSchema',
      'schemeSchema',
      'chartAccountSchema',
      'daybookEntrySchema',
      'customerSchema',
      'bankSchema',
      'createPledgeSchema',
      'pledgePaymentSchema',
      'multiplePledgePaymentSchema',
    ]) {
      expect(names).toContain(expected);
    }
  });
  // Bodies are objects; a list answer (pledgeListSchema) is an array of them.
  it.each(schemas)('%s', (_name, schema) => {
    expect(['object', 'array']).toContain(z.toJSONSchema(schema, { io: 'input' }).type);
    expect(['object', 'array']).toContain(z.toJSONSchema(schema, { io: 'output' }).type);
  });
});
