import { Link } from 'react-router-dom';
import { useT } from '../../i18n/i18n.js';
import { warehouseMessages } from './messages.js';
import * as styles from './warehouse.css.js';

/** 仓库管理 / 库存管理 (SPEC.md "Warehouse stock screen"), and the record on a detail page. */
export function Breadcrumb({ current }: { current?: string }) {
  const t = useT(warehouseMessages);
  return (
    <nav aria-label={t('crumb.root')}>
      <ol className={styles.crumbs} data-testid="breadcrumb">
        <li>{t('crumb.root')}</li>
        <li aria-hidden="true">/</li>
        <li className={current ? undefined : styles.crumbCurrent}>
          {current ? (
            <Link to="/stocks" className={styles.link}>
              {t('crumb.stocks')}
            </Link>
          ) : (
            t('crumb.stocks')
          )}
        </li>
        {current && (
          <>
            <li aria-hidden="true">/</li>
            <li className={styles.crumbCurrent}>{current}</li>
          </>
        )}
      </ol>
    </nav>
  );
}
