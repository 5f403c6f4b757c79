/**
 * The wall set being edited, with undo and redo (issue 12 §2): a pure reducer, so every edit is one
 * step back and the page only saves (PUT the whole set) when the user says so.
 */
import type { MapWallInputBody, WallMaterial } from '@netloom/domain';

export type EditableWall = MapWallInputBody;

export interface WallEditState {
  /** The set as last saved (or loaded): what "unsaved changes" compares against. */
  saved: readonly EditableWall[];
  walls: readonly EditableWall[];
  past: readonly (readonly EditableWall[])[];
  future: readonly (readonly EditableWall[])[];
  /** Index of the selected wall, or null. */
  selected: number | null;
}

export type WallEditAction =
  | { type: 'load'; walls: readonly EditableWall[] }
  | { type: 'add'; wall: EditableWall }
  | { type: 'select'; index: number | null }
  | { type: 'remove'; index: number }
  | { type: 'material'; index: number; material: WallMaterial }
  | { type: 'undo' }
  | { type: 'redo' };

export function initialWallEdit(walls: readonly EditableWall[] = []): WallEditState {
  return { saved: walls, walls, past: [], future: [], selected: null };
}

/** One edit: the current set goes on the undo stack and redo is forgotten. */
function change(s: WallEditState, walls: readonly EditableWall[], selected: number | null): WallEditState {
  return { ...s, walls, past: [...s.past, s.walls], future: [], selected };
}

export function wallEditReducer(s: WallEditState, a: WallEditAction): WallEditState {
  switch (a.type) {
    case 'load':
      return initialWallEdit(a.walls);
    case 'add':
      return change(s, [...s.walls, a.wall], s.walls.length);
    case 'select':
      return { ...s, selected: a.index };
    case 'remove':
      if (!s.walls[a.index]) return s;
      return change(
        s,
        s.walls.filter((_, i) => i !== a.index),
        null,
      );
    case 'material': {
      const wall = s.walls[a.index];
      if (!wall || wall.material === a.material) return s;
      return change(
        s,
        s.walls.map((w, i) => (i === a.index ? { ...w, material: a.material } : w)),
        a.index,
      );
    }
    case 'undo': {
      const prev = s.past[s.past.length - 1];
      if (!prev) return s;
      return { ...s, walls: prev, past: s.past.slice(0, -1), future: [s.walls, ...s.future], selected: null };
    }
    case 'redo': {
      const next = s.future[0];
      if (!next) return s;
      return { ...s, walls: next, past: [...s.past, s.walls], future: s.future.slice(1), selected: null };
    }
  }
}

/** Whether the edited set differs from the saved one (the leave guard and the Save button). */
export function hasUnsavedWalls(s: WallEditState): boolean {
  return JSON.stringify(s.walls) !== JSON.stringify(s.saved);
}
