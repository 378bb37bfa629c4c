import type { OrderView } from '../../../../domain/contract/order.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import { useInstitutionName } from '../../../lib/institution-name.js';
import { orderDetailMessages } from './messages.js';
import * as styles from './order-detail.css.js';

/** The recipient institution and what it receives. */
export function InstitutionCard({ order }: { order: OrderView }) {
  const t = useT(orderDetailMessages);
  const format = useFormat();
  const institutionName = useInstitutionName();
  const rows: [string, string | null | undefined][] = [
    [t('institution.amount'), format.money(order.amount, order.currency)],
    [t('institution.cny'), order.cny_amount ? format.money(order.cny_amount, 'CNY') : null],
    [t('institution.account'), order.accept_account_name],
    [t('institution.bank'), order.accept_bank],
  ];
  return (
    <section className={styles.card} aria-labelledby="institution-title" data-testid="institution">
      <h2 id="institution-title" className={styles.cardTitle}>
        {t('institution.title')}
      </h2>
      <p className={styles.institutionName}>{institutionName(order.resource_name, order.resource_name_en) || '—'}</p>
      <dl className={styles.factsTight}>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className={styles.factPair}>
              <dt className={styles.factLabel}>{label}</dt>
              <dd className={styles.factValue}>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
