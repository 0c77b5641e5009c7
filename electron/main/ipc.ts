/**
 * The Electron transport: ONE ipcMain.handle channel for every contract method. The sender must be
 * the app's own top frame; the method must be in the contract; the args pass its zod schema (in the
 * engine). Replies are `{ok, result}` or `{ok: false, error}` so the renderer gets our message, not
 * Electron's "Error invoking remote method" wrapper, and never a stack trace.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { ContractError, toErrorPayload, type ErrorPayload } from '../../shared/contract';
import { redact } from '../engine/logger';

export const CALL_CHANNEL = 'recon:call';
export const EVENT_CHANNEL = 'recon:event';

export type IpcReply = { ok: true; result: unknown } | { ok: false; error: ErrorPayload };

export interface IpcEngine {
  callUnknown(method: unknown, args: unknown): Promise<unknown>;
}

/** True when the URL is one the app itself loaded (the dev server or the packaged file). */
export type TrustedUrlCheck = (url: string) => boolean;

export function isTrustedSender(
  event: Pick<IpcMainInvokeEvent, 'senderFrame'>,
  isTrustedUrl: TrustedUrlCheck,
): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  // Only the top frame: an iframe (even of our origin) gets nothing.
  if (frame.parent !== null) return false;
  return isTrustedUrl(frame.url);
}

export function registerEngineIpc(ipcMain: IpcMain, engine: IpcEngine, isTrustedUrl: TrustedUrlCheck): () => void {
  ipcMain.handle(CALL_CHANNEL, async (event, method: unknown, args: unknown): Promise<IpcReply> => {
    try {
      if (!isTrustedSender(event, isTrustedUrl)) {
        throw new ContractError('FORBIDDEN', 'This window is not allowed to call District Recon.');
      }
      return { ok: true, result: await engine.callUnknown(method, args) };
    } catch (error) {
      const payload = toErrorPayload(error);
      // An error that echoes its input (an unknown method name, a service reply quoting the auth
      // header) must not carry a registered secret to the page.
      return { ok: false, error: { code: payload.code, message: redact(payload.message) } };
    }
  });
  return () => ipcMain.removeHandler(CALL_CHANNEL);
}

/** Forwards engine events to a window; a destroyed window is skipped. */
export function forwardEvents(
  engine: { onAny(listener: (event: string, payload: unknown) => void): () => void },
  target: () => WebContents | null,
): () => void {
  return engine.onAny((event, payload) => {
    const contents = target();
    if (contents && !contents.isDestroyed()) contents.send(EVENT_CHANNEL, event, payload);
  });
}
