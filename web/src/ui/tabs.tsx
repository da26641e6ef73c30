import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem<K extends string> {
  id: K;
  label: ReactNode;
}

/** Which tab a key moves to from `index` of `count` (arrows wrap, Home and End), or null for other keys. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * Tabs as the WAI-ARIA tabs pattern has them: one tab stop (the selected tab), arrow keys, Home and
 * End move and select, the selected panel labelled by its tab. Written here rather than react-aria's
 * Tabs because those bring react-aria's collection, selection and press machinery (~30 KB gz) into
 * the pages that show a two- or four-tab switch before anything else. The selected tab carries
 * `data-selected`, so the same classes style it. `panel` renders the selected tab's panel (null: none).
 */
export function Tabs<K extends string>({
  label,
  items,
  selectedKey,
  onSelectionChange,
  listClassName,
  tabClassName,
  panel,
  panelClassName,
}: {
  label: string;
  items: readonly TabItem<K>[];
  selectedKey: K;
  onSelectionChange: (key: K) => void;
  listClassName?: string;
  tabClassName?: string;
  panel?: (key: K) => ReactNode;
  panelClassName?: string;
}) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const content = panel?.(selectedKey) ?? null;
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = tabKeyTarget(event.key, index, items.length);
    if (target === null) return;
    event.preventDefault();
    onSelectionChange(items[target]!.id);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[target]?.focus();
  };
  return (
    <div>
      <div ref={list} role="tablist" aria-label={label} className={listClassName}>
        {items.map((item, index) => {
          const selected = item.id === selectedKey;
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={`${base}-tab-${item.id}`}
              aria-selected={selected}
              aria-controls={selected && content !== null ? `${base}-panel` : undefined}
              tabIndex={selected ? 0 : -1}
              data-selected={selected || undefined}
              onClick={() => onSelectionChange(item.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={tabClassName}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {content !== null && (
        <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${selectedKey}`} className={panelClassName}>
          {content}
        </div>
      )}
    </div>
  );
}
