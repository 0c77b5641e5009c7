import { useEffect, useRef } from 'react';

export type ShortcutBindings = Record<string, (event: KeyboardEvent) => void>;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
}

/** A modal dialog owns the keyboard while it is open: page shortcuts must not fire behind it. */
function modalOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

/**
 * Single-key shortcuts for the page (`/`, `j`, `k`, `s`, ...). They never fire while the user types in
 * a field, with a modifier held, or behind an open dialog, so a shortcut can never eat a keystroke.
 */
export function useShortcuts(bindings: ShortcutBindings, enabled = true): void {
  const latest = useRef(bindings);
  useEffect(() => {
    latest.current = bindings;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || modalOpen()) return;
      const handler = latest.current[event.key];
      if (!handler) return;
      // Enter on a button or link already means "press it".
      if (event.key === 'Enter' && event.target instanceof HTMLElement && event.target.closest('button, a, summary'))
        return;
      event.preventDefault();
      handler(event);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
