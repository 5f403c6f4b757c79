import { ClockCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { SEARCH_MIN_QUERY_LENGTH, SEARCH_TEXT_MAX_LENGTH } from '@netloom/domain';
import { Button, Empty, Input, Modal, Skeleton, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useCurrentProject } from '../../session/session';
import { useGlobalSearch } from './api';
import { clearRecentSearches, recentSearches } from './recent';
import { type SearchItem, searchGroups } from './results';
import { SearchRow } from './SearchRow';
import './search.css';

const DEBOUNCE_MS = 200; // not a rule: a pause in typing before asking the server

interface SearchPaletteProps {
  open: boolean;
  onClose(): void;
  /** Opens a result (the project switch and the navigation are the caller's). */
  onOpen(item: SearchItem, query: string): void;
}

/** The search dialog: one field, results grouped by kind, ↑ ↓ to move, Enter to open, Esc to close. */
export function SearchPalette({ open, onClose, onOpen }: SearchPaletteProps) {
  const { project } = useCurrentProject();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const [recentVersion, setRecentVersion] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  useEffect(() => {
    if (open) {
      setText('');
      setQ('');
    }
  }, [open]);

  const search = useGlobalSearch(q, project?.id ?? null);
  const ready = q.length >= SEARCH_MIN_QUERY_LENGTH;
  const groups = useMemo(() => (ready && search.data ? searchGroups(search.data) : []), [ready, search.data]);
  const items = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer starts at its first line.
  useEffect(() => setActive(0), [search.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the line to show changes with `active`.
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  function handleKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (items.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (e.key === 'Enter') {
      const item = items[active];
      if (item) {
        e.preventDefault();
        onOpen(item, q);
      }
    }
  }

  const activeId = items[active] ? `nl-search-${items[active].id}` : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when opened or cleared.
  const recent = useMemo(() => (open ? recentSearches() : []), [open, recentVersion]);

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      width={680}
      className="nl-search-modal"
      style={{ top: 72 }}
      destroyOnHidden
      // The dialog's accessible name; the header is hidden (search.css): the field says what it is.
      title="Search"
    >
      <Input
        autoFocus
        size="large"
        variant="borderless"
        prefix={<SearchOutlined className="nl-search-prefix" />}
        placeholder="Search devices, clients, MAC, IP, SN or settings"
        maxLength={SEARCH_TEXT_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={handleKey}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls="nl-search-results"
        aria-activedescendant={activeId}
        aria-label="Search devices, clients and settings"
        data-testid="search-input"
        allowClear
      />
      <div className="nl-search-body" ref={listRef}>
        {!ready ? (
          recent.length > 0 && text.trim() === '' ? (
            <div className="nl-search-group">
              <div className="nl-search-group-title">
                Recent searches
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    clearRecentSearches();
                    setRecentVersion((v) => v + 1);
                  }}
                >
                  Clear
                </Button>
              </div>
              {recent.map((r) => (
                <button key={r} type="button" className="nl-search-recent" onClick={() => setText(r)}>
                  <ClockCircleOutlined /> {r}
                </button>
              ))}
            </div>
          ) : (
            <Typography.Paragraph type="secondary" className="nl-search-hint">
              Type at least {SEARCH_MIN_QUERY_LENGTH} characters: a device or client name, an alias, a serial
              number, a MAC in any spelling, an IP address, a model, or a setting such as “VLAN” or “PoE”.
              Every project you are a member of is searched.
            </Typography.Paragraph>
          )
        ) : search.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 4 }} className="nl-search-skeleton" />
        ) : search.isError ? (
          <Typography.Paragraph type="danger" className="nl-search-hint">
            The search failed: {search.error.message}
          </Typography.Paragraph>
        ) : groups.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={`Nothing matches “${q}” in your projects.`}
            data-testid="search-empty"
          />
        ) : (
          <div id="nl-search-results" role="listbox" aria-label="Search results">
            {groups.map((g) => (
              <fieldset key={g.kind} className="nl-search-group" aria-label={g.title}>
                <div className="nl-search-group-title">{g.title}</div>
                {g.items.map((item) => {
                  const index = items.indexOf(item);
                  return (
                    <div
                      key={item.id}
                      id={`nl-search-${item.id}`}
                      role="option"
                      tabIndex={-1}
                      aria-selected={index === active}
                      className="nl-search-item"
                      data-testid={`search-${item.kind}`}
                      onMouseMove={() => index !== active && setActive(index)}
                      onClick={() => onOpen(item, q)}
                      onKeyDown={() => undefined}
                    >
                      <SearchRow item={item} query={q} />
                    </div>
                  );
                })}
                {g.more ? (
                  <div className="nl-search-more">
                    More {g.title.toLowerCase()} match — type more to narrow it down.
                  </div>
                ) : null}
              </fieldset>
            ))}
          </div>
        )}
      </div>
      <div className="nl-search-footer">
        <span>
          <kbd>↑</kbd> <kbd>↓</kbd> to move
        </span>
        <span>
          <kbd>Enter</kbd> to open
        </span>
        <span>
          <kbd>Esc</kbd> to close
        </span>
      </div>
    </Modal>
  );
}
