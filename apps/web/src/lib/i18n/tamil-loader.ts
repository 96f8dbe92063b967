import * as pack from './tamil-pack';

/**
 * How the interface gets its Tamil. In `vite dev` and the tests the Tamil is in each catalogue and the
 * pack is here at once; the build replaces this module (apps/web/tamil-pack.ts) by one that fetches the
 * pack the first time Tamil is chosen, so an English reader never downloads it.
 */
export type TamilPack = typeof pack;

export function tamilPackNow(): TamilPack | null {
  return pack;
}

export function loadTamilPack(): Promise<TamilPack> {
  return Promise.resolve(pack);
}
