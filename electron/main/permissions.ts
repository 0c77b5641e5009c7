/**
 * The bookkeeping UI needs no camera, microphone, geolocation, notifications from the page, USB,
 * serial, HID, clipboard reads or anything else: every permission request and check is denied.
 * Desktop notifications are shown by the main process (notifications.ts), not by the page.
 */
import type { Session } from 'electron';

export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  // Device choosers (WebHID/WebUSB/serial/bluetooth) must never be offered either.
  session.setDevicePermissionHandler(() => false);
}
