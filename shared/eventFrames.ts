/**
 * The contract's events over HTTP, as server-sent events: a frame per event, its `event:` line the
 * event's name and its `data:` lines the JSON payload, frames ended by a blank line.
 */

/** A frame's event name and its data (still JSON text); null when it lacks either. */
export function readEventFrame(frame: string): { event: string; data: string } | null {
  let event = '';
  let data = '';
  for (const line of frame.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  return event && data ? { event, data } : null;
}
