import { describe, expect, it } from 'vitest';
import { type EditableWall, hasUnsavedWalls, initialWallEdit, wallEditReducer } from './wallEdit';

const line: EditableWall = {
  shape: 'line',
  material: 'brick',
  points: [
    { x: 0, y: 0 },
    { x: 2, y: 0 },
  ],
};

describe('wall editing with undo and redo', () => {
  it('adds, changes and removes walls, each one step back', () => {
    let s = initialWallEdit();
    s = wallEditReducer(s, { type: 'add', wall: line });
    expect(s.selected).toBe(0);
    s = wallEditReducer(s, { type: 'material', index: 0, material: 'glass' });
    expect(s.walls[0]?.material).toBe('glass');
    s = wallEditReducer(s, { type: 'remove', index: 0 });
    expect(s.walls).toHaveLength(0);
    s = wallEditReducer(s, { type: 'undo' });
    expect(s.walls[0]?.material).toBe('glass');
    s = wallEditReducer(s, { type: 'undo' });
    expect(s.walls[0]?.material).toBe('brick');
    s = wallEditReducer(s, { type: 'redo' });
    expect(s.walls[0]?.material).toBe('glass');
  });

  it('forgets redo after a new edit and ignores undo with nothing done', () => {
    let s = initialWallEdit();
    expect(wallEditReducer(s, { type: 'undo' })).toBe(s);
    s = wallEditReducer(s, { type: 'add', wall: line });
    s = wallEditReducer(s, { type: 'undo' });
    s = wallEditReducer(s, { type: 'add', wall: { ...line, material: 'wood' } });
    expect(s.future).toHaveLength(0);
    expect(wallEditReducer(s, { type: 'redo' })).toBe(s);
  });

  it('knows unsaved changes against the loaded set', () => {
    let s = initialWallEdit([line]);
    expect(hasUnsavedWalls(s)).toBe(false);
    s = wallEditReducer(s, { type: 'material', index: 0, material: 'concrete' });
    expect(hasUnsavedWalls(s)).toBe(true);
    s = wallEditReducer(s, { type: 'undo' });
    expect(hasUnsavedWalls(s)).toBe(false);
  });
});
