import { useEffect, useRef } from 'react';
import type { DataScope } from '../../../shared/contract';
import { bridge } from '../bridge';

/**
 * Re-reads a view's data when the engine says it changed ('data.changed' for the given scopes, or a
 * finished sync). Views never poll.
 */
export function useEngineRefresh(scopes: readonly DataScope[], refresh: () => void): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  const key = scopes.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    const offData = bridge.on('data.changed', ({ scopes: changed }) => {
      if (changed.some((scope) => wanted.has(scope))) latest.current();
    });
    const offSync = bridge.on('sync.finished', () => latest.current());
    return () => {
      offData();
      offSync();
    };
  }, [key]);
}
