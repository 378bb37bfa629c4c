import type { ComponentType, ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../../components/form.js';
import { commonMessages } from '../../../i18n/common-messages.js';
import { useT } from '../../../i18n/i18n.js';
import { stepMessages } from '../messages.js';
import * as styles from '../steps.css.js';

export const STEPS = ['amount', 'accept', 'send', 'check', 'pay'] as const;
export type Step = (typeof STEPS)[number];

/** The five steps, the current one marked (aria-current="step") and the earlier ones done. */
export function StepHeader({ current }: { current: Step }) {
  const t = useT(stepMessages);
  const index = STEPS.indexOf(current);
  return (
    <nav className={styles.steps} aria-label={t('steps.label')} data-testid="step-header">
      <ol className={styles.stepList}>
        {STEPS.map((step, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'todo';
          return (
            <li key={step} className={styles.stepItem} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={styles.stepDot[state]} aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              <span className={state === 'current' ? styles.stepLabel : `${styles.stepLabel} ${styles.stepLabelOther}`}>
                {t(`steps.${step}`)}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** A step screen: optional banner, the step header, and a card with the title and the content. */
export function StepFrame({ step, title, banner, children }: { step: Step; title: string; banner?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.page}>
      {banner}
      <StepHeader current={step} />
      <section className={styles.card} aria-labelledby={`step-${step}-title`}>
        <h1 id={`step-${step}-title`} className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}

/** Steps 2-5 work on the order in the URL: its screen inside the step's frame, or MissingOrderId when the URL has no id. */
export function OrderStepPage({ step, Screen }: { step: Exclude<Step, 'amount'>; Screen: ComponentType<{ id: string }> }) {
  const { id } = useParams();
  const t = useT(stepMessages);
  return (
    <StepFrame step={step} title={t(`${step}.title`)}>
      {id ? <Screen id={id} /> : <MissingOrderId />}
    </StepFrame>
  );
}

export function Loading() {
  const tc = useT(commonMessages);
  return (
    <div className={styles.state} aria-busy="true" role="status">
      {tc('common.loading')}
    </div>
  );
}

/** A load that failed (the toast has said why): the way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const tc = useT(commonMessages);
  return (
    <div className={styles.failure} role="alert">
      <div>{tc('common.loadFailed')}</div>
      <Button variant="secondary" onClick={onRetry}>
        {tc('common.retry')}
      </Button>
    </div>
  );
}

/** SPEC.md section 5: steps 2-5 without an order id show '缺少订单ID' and nothing else. */
export function MissingOrderId() {
  const t = useT(stepMessages);
  const tc = useT(commonMessages);
  return (
    <div className={styles.failure} role="alert" data-testid="missing-order-id">
      <div>{t('error.orderIdMissing')}</div>
      <Link to="/" className={styles.linkButton}>
        {tc('common.goHome')}
      </Link>
    </div>
  );
}

/** Back (a link to the previous step) and Next (the form's submit button, loading while saving). */
export function StepActions({
  backTo,
  nextDisabled = false,
  saving = false,
  nextLabel,
}: {
  backTo?: string;
  nextDisabled?: boolean;
  saving?: boolean;
  nextLabel?: string;
}) {
  const tc = useT(commonMessages);
  return (
    <div className={backTo ? styles.actions : `${styles.actions} ${styles.actionsEnd}`}>
      {backTo && (
        <Link to={backTo} className={styles.linkButton}>
          {tc('common.back')}
        </Link>
      )}
      <Button type="submit" disabled={nextDisabled} loading={saving}>
        {nextLabel ?? tc('common.next')}
      </Button>
    </div>
  );
}
