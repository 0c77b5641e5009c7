/**
 * The desktop host's own channel (shared/desktopHost.ts): the few calls about the app itself, beside
 * the engine's contract channel and under the same rules: the sender must be the app's top frame,
 * the method must be one of the listed names, and the reply is `{ok, result}` or `{ok: false, error}`
 * in words, never a stack trace.
 */
import type { IpcMain, WebContents } from 'electron';
import { ContractError, toErrorPayload } from '../../shared/contract';
import {
  isDesktopMethodName,
  type DesktopEventName,
  type DesktopEvents,
  type DesktopMethodName,
  type DesktopMethods,
} from '../../shared/desktopHost';
import { redact } from '../engine/logger';
import { isTrustedSender, type IpcReply, type TrustedUrlCheck } from './ipc';

export const DESKTOP_CALL_CHANNEL = 'recon:desktop';
export const DESKTOP_EVENT_CHANNEL = 'recon:desktop-event';

/** Each handler validates its own args: they come from the page. */
export type DesktopHandlers = {
  [M in DesktopMethodName]: (args: unknown) => Promise<DesktopMethods[M]['result']> | DesktopMethods[M]['result'];
};

export function registerDesktopIpc(
  ipcMain: IpcMain,
  handlers: DesktopHandlers,
  isTrustedUrl: TrustedUrlCheck,
): () => void {
  ipcMain.handle(DESKTOP_CALL_CHANNEL, async (event, method: unknown, args: unknown): Promise<IpcReply> => {
    try {
      if (!isTrustedSender(event, isTrustedUrl)) {
        throw new ContractError('FORBIDDEN', 'This window is not allowed to call District Recon.');
      }
      if (!isDesktopMethodName(method)) {
        throw new ContractError('UNKNOWN_METHOD', `Unknown method ${JSON.stringify(method)}`);
      }
      return { ok: true, result: await handlers[method](args ?? {}) };
    } catch (error) {
      const payload = toErrorPayload(error);
      return { ok: false, error: { code: payload.code, message: redact(payload.message) } };
    }
  });
  return () => ipcMain.removeHandler(DESKTOP_CALL_CHANNEL);
}

export function sendDesktopEvent<E extends DesktopEventName>(
  contents: WebContents | null | undefined,
  event: E,
  payload: DesktopEvents[E],
): void {
  if (contents && !contents.isDestroyed()) contents.send(DESKTOP_EVENT_CHANNEL, event, payload);
}
