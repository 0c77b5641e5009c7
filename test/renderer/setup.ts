/**
 * Renderer test setup (happy-dom). happy-dom does no layout, so the virtualised tables' scroll areas
 * are given a viewport-sized box; everything else is the real DOM.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setBridgeClient } from '../../renderer/src/bridge';
import { setDesktopHost } from '../../renderer/src/desktopHost';
import { setTeamSession } from '../../renderer/src/teamSession';
import { resetAllStores } from '../../renderer/src/state/storeKit';
import './helpers/matchers';

const VIEWPORT = { width: 1200, height: 600 };

function virtualBox(dimension: 'width' | 'height') {
  return {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-virtual-scroll') ? VIEWPORT[dimension] : 0;
    },
  };
}
Object.defineProperty(HTMLElement.prototype, 'clientHeight', virtualBox('height'));
Object.defineProperty(HTMLElement.prototype, 'clientWidth', virtualBox('width'));
Object.defineProperty(HTMLElement.prototype, 'offsetHeight', virtualBox('height'));
Object.defineProperty(HTMLElement.prototype, 'offsetWidth', virtualBox('width'));

beforeEach(() => {
  window.location.hash = '';
});

// Everything the app keeps at module level, back to as loaded: a worker's files share the modules
// (isolate: false), so a stand-in one test set (a team session, a desktop host) would be the next
// file's otherwise.
afterEach(() => {
  cleanup();
  setBridgeClient(null);
  setTeamSession(undefined);
  setDesktopHost(undefined);
  resetAllStores();
});
