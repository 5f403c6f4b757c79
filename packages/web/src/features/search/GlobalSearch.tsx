import { SearchOutlined } from '@ant-design/icons';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentProject } from '../../session/session';
import { useProjects } from '../projects';
import { rememberSearch } from './recent';
import type { SearchItem } from './results';
import { SearchPalette } from './SearchPalette';
import { SHORTCUT_LABEL, useSearchShortcut } from './shortcut';

/**
 * The header's search box (issue 10 §7): a field-like button that opens the search dialog, also on
 * Ctrl-K (⌘K) and `/`. Opening a result of another project makes that project the current one
 * first, the way the project switcher does, then goes to the device, the client or the page.
 */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { project, selectProject } = useCurrentProject();
  const projects = useProjects();
  const show = useCallback(() => setOpen(true), []);
  useSearchShortcut(show);

  function handleOpen(item: SearchItem, query: string) {
    rememberSearch(query);
    setOpen(false);
    if (item.projectId !== null && item.projectId !== project?.id) {
      const target = projects.data?.items.find((p) => p.id === item.projectId);
      if (target) selectProject(target);
    }
    navigate(item.path);
  }

  return (
    <>
      <button
        type="button"
        className="nl-search-trigger"
        onClick={show}
        aria-label="Search"
        aria-keyshortcuts="Control+K /"
      >
        <SearchOutlined />
        <span className="nl-search-trigger-text">Search…</span>
        <kbd>{SHORTCUT_LABEL}</kbd>
      </button>
      <SearchPalette open={open} onClose={() => setOpen(false)} onOpen={handleOpen} />
    </>
  );
}
