import { useState } from 'react';

export type PhotoState = 'none' | 'loading' | 'loaded' | 'failed';

/**
 * Whether a paper's photograph (the pawner's, on the Full Print ticket and the release slip) has
 * loaded, for the print to wait on: 'loading' until the image at `src` has loaded or failed, 'none'
 * without one. `settled` goes to the image's onLoad / onError; a new `src` starts loading again.
 */
export function usePhotoSettled(src: string | null): {
  state: PhotoState;
  settled: (src: string, loaded: boolean) => void;
} {
  const [done, setDone] = useState<{ src: string; loaded: boolean } | null>(null);
  const state: PhotoState =
    src === null ? 'none' : done?.src !== src ? 'loading' : done.loaded ? 'loaded' : 'failed';
  return { state, settled: (at, loaded) => setDone({ src: at, loaded }) };
}
