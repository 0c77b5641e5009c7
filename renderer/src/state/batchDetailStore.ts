import { create } from 'zustand';
import type { BatchDetail } from '../../../shared/domain';
import { bridge } from '../bridge';
import { describeError } from '../errors';
import { latestOnly, registerReset, type LoadStatus } from './storeKit';

interface BatchDetailState {
  id: string | null;
  status: LoadStatus;
  detail: BatchDetail | null;
  error: string | null;
  /** Sign-off / unsign in flight, and its error (shown in the dialog, which keeps the note typed). */
  acting: boolean;
  actionError: string | null;
  load(id: string): Promise<void>;
  signOff(note: string): Promise<boolean>;
  unsign(reason: string): Promise<boolean>;
  clearActionError(): void;
}

const initial = { id: null, status: 'idle' as LoadStatus, detail: null, error: null, acting: false, actionError: null };
const requests = latestOnly();

export const useBatchDetailStore = create<BatchDetailState>((set, get) => ({
  ...initial,
  async load(id) {
    const ticket = requests.next();
    if (get().id !== id) set({ id, status: 'loading', detail: null, error: null });
    try {
      const detail = await bridge.call('batches.get', { id });
      if (requests.isCurrent(ticket)) set({ status: 'ready', detail, error: null });
    } catch (error) {
      if (requests.isCurrent(ticket)) set({ status: 'error', error: describeError(error) });
    }
  },
  async signOff(note) {
    const id = get().id;
    if (!id) return false;
    set({ acting: true, actionError: null });
    try {
      const detail = await bridge.call('batches.signOff', { id, note });
      set({ detail, acting: false });
      return true;
    } catch (error) {
      set({ acting: false, actionError: describeError(error) });
      return false;
    }
  },
  async unsign(reason) {
    const id = get().id;
    if (!id) return false;
    set({ acting: true, actionError: null });
    try {
      const detail = await bridge.call('batches.unsign', { id, reason });
      set({ detail, acting: false });
      return true;
    } catch (error) {
      set({ acting: false, actionError: describeError(error) });
      return false;
    }
  },
  clearActionError() {
    set({ actionError: null });
  },
}));

registerReset(() => useBatchDetailStore.setState(initial));
