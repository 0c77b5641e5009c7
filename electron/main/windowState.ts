/**
 * The main window's size and position, remembered in `<userData>/window-state.json`. A file that is
 * missing, damaged or describes a place on a monitor that is no longer attached gives the default
 * size, centred, so the window can never open off-screen.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Partial<Rect> & { width: number; height: number };
  maximized: boolean;
}

export const DEFAULT_WINDOW_STATE: WindowState = { bounds: { width: 1280, height: 820 }, maximized: false };
export const MIN_WIDTH = 900;
export const MIN_HEIGHT = 600;

const stateSchema = z.object({
  bounds: z.object({
    x: z.number().int(),
    y: z.number().int(),
    width: z.number().int().min(MIN_WIDTH).max(20_000),
    height: z.number().int().min(MIN_HEIGHT).max(20_000),
  }),
  maximized: z.boolean(),
});

function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** Reads the saved state; `workAreas` are the attached displays' work areas (screen.getAllDisplays()). */
export function loadWindowState(file: string, workAreas: Rect[]): WindowState {
  let saved: z.infer<typeof stateSchema>;
  try {
    saved = stateSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
  // At least a third of the window (title bar included) must be on some display, or we start centred.
  const visible = workAreas.some(
    (area) => overlapArea(saved.bounds, area) >= (saved.bounds.width * saved.bounds.height) / 3,
  );
  if (!visible)
    return { bounds: { width: saved.bounds.width, height: saved.bounds.height }, maximized: saved.maximized };
  return saved;
}

export function saveWindowState(file: string, state: { bounds: Rect; maximized: boolean }): void {
  const clean = {
    bounds: {
      x: Math.round(state.bounds.x),
      y: Math.round(state.bounds.y),
      width: Math.max(MIN_WIDTH, Math.round(state.bounds.width)),
      height: Math.max(MIN_HEIGHT, Math.round(state.bounds.height)),
    },
    maximized: state.maximized,
  };
  mkdirSync(dirname(file), { recursive: true });
  // Written beside and renamed, so a crash mid-write leaves the previous file, not half a file.
  writeFileSync(file + '.tmp', JSON.stringify(clean));
  renameSync(file + '.tmp', file);
}
