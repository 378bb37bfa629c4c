import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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

/**
 * The searchable institution selector of the home page: a text input with a listbox (ARIA combobox
 * pattern). Typing filters on the English name; arrow keys move, Enter chooses, Escape closes.
 */
export function InstitutionSelect({
  load,
  retry,
  onChoose,
  onFocus,
}: {
  load: Load;
  retry: () => void;
  onChoose: (institution: Institution) => void;
  onFocus?: () => void;
}) {
  const t = useT(homeMessages);
  const tp = useTPlural(homeMessages);
  const id = useId();
  const listId = `${id}-list`;
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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (last >= 0) move(activeIndex >= last ? 0 : activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (last >= 0) move(activeIndex <= 0 ? last : activeIndex - 1);
        break;
      case 'Enter': {
        const option = options[activeIndex];
        if (open && option) {
          event.preventDefault();
          choose(option);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else setQuery('');
        break;
    }
  };

  let popup: ReactNode = null;
  if (open && load.state === 'loading') {
    popup = (
      <div className={styles.status} role="status">
        {t('select.loading')}
      </div>
    );
  } else if (open && load.state === 'failed') {
    popup = (
      <div className={styles.status} role="alert">
        {t('select.loadFailed')}{' '}
        <button type="button" className={styles.retry} onMouseDown={(event) => event.preventDefault()} onClick={retry}>
          {t('select.retry')}
        </button>
      </div>
    );
  } else if (open && options.length === 0) {
    popup = (
      <div className={styles.status} role="status">
        {t('select.empty')}
      </div>
    );
  }
  const listOpen = open && options.length > 0;

  return (
    <div className={styles.root}>
      <label htmlFor={`${id}-input`} className={styles.label}>
        {t('select.label')}
      </label>
      <div className={styles.control}>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16.5 16.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
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
          <ul id={listId} ref={listRef} role="listbox" aria-label={t('select.label')} className={styles.listbox}>
            {options.map((institution, index) => (
              <li
                key={institution.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={styles.option}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => index !== activeIndex && setActive(index)}
                onClick={() => choose(institution)}
              >
                <span className={styles.optionText}>
                  <span className={styles.optionName}>{institution.name}</span>
                  <span className={styles.optionEnglish}>
                    <Highlighted text={institution.name_en} query={query} />
                  </span>
                </span>
                {institution.currency && <span className={styles.currency}>{institution.currency}</span>}
              </li>
            ))}
          </ul>
        )}
        {popup && <div className={styles.popup}>{popup}</div>}
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
