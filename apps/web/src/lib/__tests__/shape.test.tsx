import { describe, expect, it } from 'vitest';
import { array, boolean, int, number, object, oneOf, ShapeError, string } from '../shape';

describe('shape: the answer checks of the shell', () => {
  it('takes each kind of value and refuses the others', () => {
    expect(string().parse('a')).toBe('a');
    expect(() => string().parse(1)).toThrow(ShapeError);
    expect(number().parse(1.5)).toBe(1.5);
    for (const bad of ['1', Number.NaN, Number.POSITIVE_INFINITY, null, undefined])
      expect(number().safeParse(bad).success).toBe(false);
    expect(int().parse(3)).toBe(3);
    expect(int().safeParse(3.5).success).toBe(false);
    expect(boolean().parse(false)).toBe(false);
    expect(boolean().safeParse('false').success).toBe(false);
    expect(oneOf(['en', 'ta']).parse('ta')).toBe('ta');
    expect(oneOf(['en', 'ta']).safeParse('fr').success).toBe(false);
  });

  it('null only where nullable, a missing key only where optional, a default for a missing key', () => {
    expect(string().nullable().parse(null)).toBeNull();
    expect(string().safeParse(null).success).toBe(false);
    expect(string().optional().parse(undefined)).toBeUndefined();
    expect(string().nullable().safeParse(undefined).success).toBe(false);
    expect(array(string()).default([]).parse(undefined)).toEqual([]);
    expect(array(string()).default([]).parse(['x'])).toEqual(['x']);
    expect(array(string()).default([]).safeParse(null).success).toBe(false);
  });

  it('an object keeps the keys it names, leaves out a missing optional one and drops the rest', () => {
    const user = object({
      id: int(),
      email: string().nullable().optional(),
      tags: array(string()).default([]),
    });
    expect(user.parse({ id: 1, extra: 'x' })).toEqual({ id: 1, tags: [] });
    expect(Object.keys(user.parse({ id: 1, email: null, tags: ['a'] }))).toEqual(['id', 'email', 'tags']);
    for (const bad of [null, [], 'x', { id: '1' }, { id: 1, tags: 'a' }])
      expect(user.safeParse(bad).success).toBe(false);
  });

  it('says where the answer went wrong', () => {
    const list = array(object({ branch: object({ name: string() }) }));
    const result = list.safeParse([{ branch: { name: 'A' } }, { branch: { name: 2 } }]);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.path).toBe('[1].branch.name');
      expect(result.error.message).toBe("The answer's [1].branch.name is not text");
    }
  });
});
