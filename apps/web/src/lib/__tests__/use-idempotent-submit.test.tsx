import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useIdempotentSubmit } from '../use-idempotent-submit';

/** A request the test answers when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The answer's handlers run once the promise has settled: a few turns of the microtask queue. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const { result } = renderHook(() => useIdempotentSubmit());
  const keys: string[] = [];
  /** Sends `body`; the request records its key and is answered by `answer`. */
  const send = (
    body: unknown,
    answer: () => Promise<unknown>,
    handlers: { onSuccess?: (v: unknown) => void; onError?: (e: unknown) => void } = {},
  ) =>
    result.current.send(
      body,
      (key) => {
        keys.push(key);
        return answer();
      },
      handlers,
    );
  return { result, keys, send };
}

const payment = { pledge_id: 7, amount: 1500 };
const refused = () => Promise.reject(new Error('The server is busy'));
const saved = () => Promise.resolve({ receipt_no: 'R1' });

describe('useIdempotentSubmit', () => {
  it('sends a key of 128 random bits as hex', async () => {
    const { keys, send } = setup();
    send(payment, saved);
    await settled();
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a retry of the same body after a refusal reuses the key', async () => {
    const { keys, send } = setup();
    send(payment, refused);
    await settled();
    send({ ...payment }, saved);
    await settled();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a changed body gets a new key', async () => {
    const { keys, send } = setup();
    send(payment, refused);
    await settled();
    send({ ...payment, amount: 1600 }, refused);
    await settled();
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a success makes a new key, even for the same body sent next (another payment)', async () => {
    const { keys, send } = setup();
    send(payment, saved);
    await settled();
    send(payment, saved);
    await settled();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('reset() (the form now stands for another record) makes a new key for the same body', async () => {
    const { result, keys, send } = setup();
    send(payment, refused);
    await settled();
    result.current.reset();
    send(payment, refused);
    await settled();
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a second click while in flight sends nothing and says so; once answered, the next is sent', async () => {
    const { keys, send } = setup();
    const first = deferred<unknown>();
    expect(send(payment, () => first.promise)).toBe(true);
    const second = vi.fn(saved);
    expect(send(payment, second)).toBe(false);
    expect(send({ ...payment, amount: 9 }, second)).toBe(false);
    expect(second).not.toHaveBeenCalled();
    expect(keys).toHaveLength(1);

    first.reject(new Error('lost'));
    await settled();
    expect(send(payment, second)).toBe(true);
    expect(second).toHaveBeenCalledOnce();
    // The retry of the unanswered payment carries its key.
    expect(keys[1]).toBe(keys[0]);
  });

  it('is free again after a success as after a refusal', async () => {
    const { send } = setup();
    send(payment, saved);
    await settled();
    expect(send(payment, refused)).toBe(true);
    await settled();
    expect(send(payment, saved)).toBe(true);
  });

  it('passes the answer to onSuccess and a refusal to onError, never throwing it', async () => {
    const { send } = setup();
    const onSuccess = vi.fn();
    const onError = vi.fn();
    send(payment, saved, { onSuccess, onError });
    await settled();
    expect(onSuccess).toHaveBeenCalledWith({ receipt_no: 'R1' });
    expect(onError).not.toHaveBeenCalled();

    const refusal = new Error('Pledge closed');
    send(payment, () => Promise.reject(refusal), { onSuccess, onError });
    await settled();
    expect(onError).toHaveBeenCalledWith(refusal);
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  it('takes a request that throws before it returns a promise as a refusal, and frees the lock', async () => {
    const { send } = setup();
    const onError = vi.fn();
    const refusal = new Error('bad body');
    send(
      payment,
      () => {
        throw refusal;
      },
      { onError },
    );
    await settled();
    expect(onError).toHaveBeenCalledWith(refusal);
    expect(send(payment, saved)).toBe(true);
  });

  it('runs the handlers with the lock already free, so a handler may send again', async () => {
    const { send } = setup();
    let again: boolean | undefined;
    send(payment, refused, { onError: () => (again = send(payment, saved)) });
    await settled();
    expect(again).toBe(true);
  });

  it('keeps its key across renders (one object for the life of the form)', async () => {
    const { result, rerender } = renderHook(() => useIdempotentSubmit());
    const first = result.current;
    const keys: string[] = [];
    const record = (key: string) => {
      keys.push(key);
      return refused();
    };
    first.send(payment, record);
    await settled();
    rerender();
    expect(result.current).toBe(first);
    result.current.send(payment, record);
    await settled();
    expect(keys[1]).toBe(keys[0]);
  });
});
