import { Link } from 'react-router-dom';
import { useT } from '../../i18n/i18n.js';
import { legalMessages } from './messages.js';
import * as styles from './legal.css.js';

type Kind = 'terms' | 'privacy';

export interface LegalSection {
  readonly id: string;
  readonly heading: string;
  /** Paragraphs separated by line breaks, so translators handle one text per section. */
  readonly body: string;
}

const OTHER: Record<Kind, { kind: Kind; path: string }> = {
  terms: { kind: 'privacy', path: '/privacy' },
  privacy: { kind: 'terms', path: '/terms' },
};

/** A legal text: its title, revision date, introduction, numbered sections and a link to the other text. */
export function LegalDocument({ kind, intro, sections }: { kind: Kind; intro: string; sections: readonly LegalSection[] }) {
  const t = useT(legalMessages);
  const other = OTHER[kind];
  return (
    <div className={styles.page}>
      <article className={styles.article} aria-labelledby={`${kind}-title`}>
        <h1 id={`${kind}-title`} className={styles.title}>
          {t(`${kind}.title`)}
        </h1>
        <p className={styles.updated}>{t('updated')}</p>
        <p className={styles.paragraph}>{intro}</p>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`${kind}-${section.id}`}>
            <h2 id={`${kind}-${section.id}`} className={styles.heading}>
              {section.heading}
            </h2>
            {section.body.split('\n').map((paragraph) => (
              <p key={paragraph} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <p className={styles.seeAlso}>
          {t('seeAlso')}
          <Link to={other.path}>{t(`${other.kind}.title`)}</Link>
        </p>
      </article>
    </div>
  );
}
