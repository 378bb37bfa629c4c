import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useT, useTPlural } from '../../i18n/i18n.js';
import type { Institution } from './api/list-institutions.js';
import { filterInstitutions } from './institutions.js';
import { homeMessages } from './messages.js';
import * as styles from './institution-select.css.js';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; institutions: Institution[] };

/** The English name with the matched part marked. */
export function Highlighted({ text, query }: { text: string; query: string }): ReactNode {
  const needle = query.trim().toLowerCase();
  const at = needle ? text.toLowerCase().indexOf(needle) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <mark className={styles.mark}>{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </>
  );
}

const SearchIcon = () => (
  <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
    <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M16.5 16.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/** What the open popup says instead of a list: still loading, failed (with a retry), or no match. */
function Status({ load, empty, retry }: { load: Load; empty: boolean; retry: () => void }) {
  const t = useT(homeMessages);
  let text: ReactNode = null;
  if (load.state === 'loading') {
    text = (
      <div className={styles.status} role="status">
        {t('select.loading')}
      </div>
    );
  } else if (load.state === 'failed') {
    text = (
      <div className={styles.status} role="alert">
        {t('select.loadFailed')}{' '}
        <button type="button" className={styles.retry} onMouseDown={(event) => event.preventDefault()} onClick={retry}>
          {t('select.retry')}
        </button>
      </div>
    );
  } else if (empty) {
    text = (
      <div className={styles.status} role="status">
        {t('select.empty')}
      </div>
    );
  }
  return text && <div className={styles.popup}>{text}</div>;
}

/** The listbox of matching institutions; the pointer moves the active option as the arrow keys do. */
function OptionList({
  id,
  listRef,
  options,
  activeIndex,
  optionId,
  query,
  onActive,
  onChoose,
}: {
  id: string;
  listRef: RefObject<HTMLUListElement | null>;
  options: readonly Institution[];
  activeIndex: number;
  optionId: (index: number) => string;
  query: string;
  onActive: (index: number) => void;
  onChoose: (institution: Institution) => void;
}) {
  const t = useT(homeMessages);
  return (
    <ul id={id} ref={listRef} role="listbox" aria-label={t('select.label')} className={styles.listbox}>
      {options.map((institution, index) => (
        <li
          key={institution.id}
          id={optionId(index)}
          role="option"
          aria-selected={index === activeIndex}
          className={styles.option}
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => index !== activeIndex && onActive(index)}
          onClick={() => onChoose(institution)}
        >
          <span className={styles.optionText}>
            <span className={styles.optionName}>
              <Highlighted text={institution.name} query={query} />
            </span>
            <span className={styles.optionEnglish}>
              <Highlighted text={institution.name_en} query={query} />
            </span>
          </span>
          {institution.currency && <span className={styles.currency}>{institution.currency}</span>}
        </li>
      ))}
    </ul>
  );
}

/** What the combobox's keys do: arrows move (or open), Enter chooses, Escape closes or clears. */
interface ComboboxKeys {
  readonly open: boolean;
  readonly activeIndex: number;
  readonly last: number;
  setOpen(open: boolean): void;
  move(index: number): void;
  clear(): void;
  /** Chooses the active option; false when there is none. */
  chooseActive(): boolean;
}

function comboboxKey(event: KeyboardEvent<HTMLInputElement>, keys: ComboboxKeys): void {
  const { open, activeIndex, last } = keys;
  switch (event.key) {
    case 'ArrowDown':
      event.preventDefault();
      if (!open) keys.setOpen(true);
      else if (last >= 0) keys.move(activeIndex >= last ? 0 : activeIndex + 1);
      break;
    case 'ArrowUp':
      event.preventDefault();
      if (!open) keys.setOpen(true);
      else if (last >= 0) keys.move(activeIndex <= 0 ? last : activeIndex - 1);
      break;
    case 'Enter':
      if (open && keys.chooseActive()) event.preventDefault();
      break;
    case 'Escape':
      if (open) {
        event.preventDefault();
        keys.setOpen(false);
      } else keys.clear();
      break;
  }
}

/** The combobox's state: the query, whether the list is open, the active option and the keys. */
function useCombobox(load: Load, onChoose: (institution: Institution) => void) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const options = useMemo(() => (load.state === 'ready' ? filterInstitutions(load.institutions, query) : []), [load, query]);
  const activeIndex = Math.min(active, options.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;

  const move = (index: number) => {
    setActive(index);
    listRef.current?.querySelector(`[id="${optionId(index)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };
  const choose = (institution: Institution) => {
    setQuery(institution.name_en);
    setOpen(false);
    onChoose(institution);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) =>
    comboboxKey(event, {
      open,
      setOpen,
      activeIndex,
      last: options.length - 1,
      move,
      clear: () => setQuery(''),
      chooseActive: () => {
        const option = options[activeIndex];
        if (option) choose(option);
        return option !== undefined;
      },
    });

  return { id, query, setQuery, open, setOpen, setActive, options, activeIndex, optionId, listRef, choose, onKeyDown };
}

/**
 * The searchable institution selector of the home page: a text input with a listbox (ARIA combobox
 * pattern). Typing filters on the English or Chinese name; arrow keys move, Enter chooses, Escape closes.
 */
interface Props {
  load: Load;
  retry: () => void;
  onChoose: (institution: Institution) => void;
  onFocus?: () => void;
}

export function InstitutionSelect({ load, retry, onChoose, onFocus }: Props) {
  const t = useT(homeMessages);
  const tp = useTPlural(homeMessages);
  const { id, query, setQuery, open, setOpen, setActive, options, activeIndex, optionId, listRef, choose, onKeyDown } = useCombobox(
    load,
    onChoose,
  );
  const listId = `${id}-list`;
  const listOpen = open && options.length > 0;

  return (
    <div className={styles.root}>
      <label htmlFor={`${id}-input`} className={styles.label}>
        {t('select.label')}
      </label>
      <div className={styles.control}>
        <SearchIcon />
        <input
          id={`${id}-input`}
          className={styles.input}
          role="combobox"
          aria-expanded={listOpen}
          aria-controls={listOpen ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={listOpen && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('select.placeholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => {
            setOpen(true);
            onFocus?.();
          }}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {listOpen && (
          <OptionList
            id={listId}
            listRef={listRef}
            options={options}
            activeIndex={activeIndex}
            optionId={optionId}
            query={query}
            onActive={setActive}
            onChoose={choose}
          />
        )}
        {open && <Status load={load} empty={options.length === 0} retry={retry} />}
        {/* The list's size, for screen readers (the list itself shows it to everyone else). */}
        <div className={styles.visuallyHidden} role="status" data-testid="match-count">
          {listOpen ? tp('select.count', options.length) : ''}
        </div>
      </div>
      <div id={`${id}-hint`} className={styles.hint}>
        {t('select.hint')}
      </div>
    </div>
  );
}
