import { ORDER_TAGS } from '../../../domain/order/order-machine.js';
import { displayOfStatus, statusHasTag } from '../../../domain/order/progress.js';
import type { Status } from '../../../domain/order/status.js';
import { commonMessages } from '../../i18n/common-messages.js';
import { useT } from '../../i18n/i18n.js';
import { orderProgressMessages } from './messages.js';
import * as styles from './order-progress.css.js';

const SEGMENT_GROUPS = [
  { label: 'progress.groupPayer', segments: [1, 2, 3] },
  { label: 'progress.groupBank', segments: [4, 5, 6] },
] as const;
const STEPS = [1, 2, 3, 4] as const;

const stageOf = (n: number, current: number): 'done' | 'current' | 'todo' => (n < current ? 'done' : n === current ? 'current' : 'todo');

/**
 * The six-segment bar (two groups of three) and the four-step view, both read from the order
 * machine's state meta through displayOfStatus (SPEC.md section 4, "Progress display").
 */
export function OrderProgress({ status, received = false }: { status: Status; received?: boolean }) {
  const t = useT(orderProgressMessages);
  const tc = useT(commonMessages);
  const display = displayOfStatus(status);
  // Remitted: the last step is done too, not merely current.
  const finished = statusHasTag(status, ORDER_TAGS.settled) && !statusHasTag(status, ORDER_TAGS.calledOff);
  const stepStage = (n: number) => (finished ? 'done' : stageOf(n, display.step));
  return (
    <section className={styles.card} aria-label={t('progress.label')} data-testid="order-progress">
      <div className={styles.statusRow}>
        <span className={styles.statusDot[display.colour]} aria-hidden="true" />
        <h2 className={styles.statusText} data-testid="status-text">
          {tc(display.textKey)}
        </h2>
      </div>
      <p className={styles.statusDetail}>{t(detailKey(status, received))}</p>
      <div
        className={styles.bar}
        role="img"
        aria-label={`${t('progress.label')}: ${t('progress.segment', { n: display.segment })} / 6`}
        data-testid="progress-bar"
        data-segment={display.segment}
        data-colour={display.colour}
      >
        {SEGMENT_GROUPS.map((group) => (
          <div key={group.label} className={styles.group}>
            <div className={styles.groupSegments}>
              {group.segments.map((n) => {
                const stage = stageOf(n, display.segment);
                return (
                  <span
                    key={n}
                    className={styles.segment[stage === 'current' ? display.colour : stage]}
                    data-testid={`segment-${n}`}
                    data-stage={stage}
                    data-colour={stage === 'current' ? display.colour : undefined}
                  />
                );
              })}
            </div>
            <span className={styles.groupLabel}>{t(group.label)}</span>
          </div>
        ))}
      </div>
      <ol className={styles.steps} aria-label={t('steps.label')} data-testid="order-steps" data-step={display.step}>
        {STEPS.map((n) => {
          const stage = stepStage(n);
          return (
            <li key={n} className={styles.step[stage]} aria-current={stage === 'current' ? 'step' : undefined} data-stage={stage}>
              <span className={styles.circle[stage]} aria-hidden="true">
                {stage === 'done' ? '✓' : n}
              </span>
              <span>{t(`steps.${n}`)}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

type Texts = (typeof orderProgressMessages)['zh-CN'];
const known = (key: string): key is keyof Texts => key in orderProgressMessages['zh-CN'];
/** The status's detail; once the money is in, the one that says so where there is one (4 reads "transferred" until then). */
const detailKey = (status: Status, received: boolean): keyof Texts => {
  const moneyIn = `detail.${status}.received`;
  return received && known(moneyIn) ? moneyIn : `detail.${status}`;
};
