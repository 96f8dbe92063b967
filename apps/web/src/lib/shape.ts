/**
 * Checks of an answer's shape for the code every signed-in screen runs (the session, the header's
 * branches, the licence and backup banners, the dashboard), instead of zod, so the first screens fetch
 * no zod (issue 32: zod was 25 KB gzip of the 188 KB shell). Only what those answers need: strings,
 * finite numbers, whole numbers, booleans, listed values, objects, arrays, null, a missing key and a
 * default. Like zod's `parse`, an object keeps only the keys its shape names, and a value that does
 * not fit throws (a `ShapeError` naming where); `safeParse` answers instead. Forms and the screens'
 * own answers keep the domain's zod schemas; a test holds each shape here to the zod schema it
 * stands for (`app/__tests__/shell-shapes.test.tsx`).
 */
export class ShapeError extends Error {
  constructor(
    readonly path: string,
    expected: string,
  ) {
    super(`The answer's ${path || 'value'} is not ${expected}`);
    this.name = 'ShapeError';
  }
}

type Read<T> = (value: unknown, path: string) => T;

export class Shape<T> {
  constructor(readonly read: Read<T>) {}

  parse(value: unknown): T {
    return this.read(value, '');
  }

  safeParse(value: unknown): { success: true; data: T } | { success: false; error: ShapeError } {
    try {
      return { success: true, data: this.read(value, '') };
    } catch (error) {
      if (error instanceof ShapeError) return { success: false, error };
      throw error;
    }
  }

  nullable(): Shape<T | null> {
    return new Shape((value, path) => (value === null ? null : this.read(value, path)));
  }

  /** The key may be missing (or undefined). */
  optional(): Shape<T | undefined> {
    return new Shape((value, path) => (value === undefined ? undefined : this.read(value, path)));
  }

  /** A missing key (or undefined) reads as `fallback`. */
  default(fallback: T): Shape<T> {
    return new Shape((value, path) => (value === undefined ? fallback : this.read(value, path)));
  }
}

export type Infer<S> = S extends Shape<infer T> ? T : never;

function test<T>(expected: string, fits: (value: unknown) => boolean): Shape<T> {
  return new Shape((value, path) => {
    if (!fits(value)) throw new ShapeError(path, expected);
    return value as T;
  });
}

export const string = (): Shape<string> => test('text', (v) => typeof v === 'string');
export const number = (): Shape<number> => test('a number', Number.isFinite);
export const int = (): Shape<number> => test('a whole number', Number.isSafeInteger);
export const boolean = (): Shape<boolean> => test('true or false', (v) => typeof v === 'boolean');

/** One of `values` (zod's `z.enum`). */
export function oneOf<const V extends readonly string[]>(values: V): Shape<V[number]> {
  return test(`one of ${values.join(', ')}`, (v) => values.includes(v as string));
}

export function array<T>(item: Shape<T>): Shape<T[]> {
  return new Shape((value, path) => {
    if (!Array.isArray(value)) throw new ShapeError(path, 'a list');
    // By index, not map: a hole in the list reads as a missing item, not as nothing.
    return Array.from(value, (each, i) => item.read(each, `${path}[${i}]`));
  });
}

type Fields = Record<string, Shape<unknown>>;
type OptionalKeys<F extends Fields> = {
  [K in keyof F]: undefined extends Infer<F[K]> ? K : never;
}[keyof F];
type Flat<T> = { [K in keyof T]: T[K] } & {};
export type ObjectOf<F extends Fields> = Flat<
  { [K in Exclude<keyof F, OptionalKeys<F>>]: Infer<F[K]> } & {
    [K in OptionalKeys<F>]?: Infer<F[K]>;
  }
>;

/** An object with these keys (any other key is left out, as zod's `z.object` does). */
export function object<F extends Fields>(fields: F): Shape<ObjectOf<F>> {
  return new Shape((value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new ShapeError(path, 'an object');
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      const read = field.read((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      if (read !== undefined) out[key] = read;
    }
    return out as ObjectOf<F>;
  });
}
