import type { AuditVerification } from '../../../../domain/contract/audit.js';
import { useT } from '../../../i18n/i18n.js';
import * as styles from './audit.css.js';
import { auditMessages } from './messages.js';

type Tone = keyof typeof styles.badge;

/** What the audit found about the order: chain, checkpoint, read table against replay, files. */
export function VerificationBadges({ verification }: { verification: AuditVerification }) {
  const t = useT(auditMessages);
  const { chain, checkpoint, projection, files } = verification;
  const badges: { id: string; tone: Tone; text: string }[] = [
    chain.intact
      ? { id: 'chain', tone: 'good', text: t('badge.intact') }
      : {
          id: 'chain',
          tone: 'bad',
          text: t('badge.broken', { revision: chain.broken_at ?? '?', problem: chain.problem ? t(`problem.${chain.problem}`) : '' }),
        },
    projection.matches
      ? { id: 'projection', tone: 'good', text: t('badge.projectionMatches') }
      : { id: 'projection', tone: 'bad', text: t('badge.projectionDiffers', { fields: projection.fields.join(', ') }) },
    !checkpoint
      ? { id: 'checkpoint', tone: 'neutral', text: t('badge.noCheckpoint') }
      : !checkpoint.matches
        ? { id: 'checkpoint', tone: 'bad', text: t('badge.checkpointBad', { sequence: checkpoint.sequence }) }
        : checkpoint.covers_revision === null
          ? { id: 'checkpoint', tone: 'neutral', text: t('badge.checkpointNewer', { sequence: checkpoint.sequence }) }
          : {
              id: 'checkpoint',
              tone: 'good',
              text: t('badge.checkpoint', { sequence: checkpoint.sequence, revision: checkpoint.covers_revision }),
            },
    files.problems.length > 0
      ? { id: 'files', tone: 'bad', text: t('badge.filesBad', { count: files.problems.length }) }
      : { id: 'files', tone: 'good', text: t('badge.files', { count: files.checked }) },
    // Files an erasure destroyed are not a fault: said apart, so "missing" keeps its meaning.
    ...(files.erased.length > 0
      ? [{ id: 'files-erased', tone: 'neutral' as const, text: t('badge.filesErased', { count: files.erased.length }) }]
      : []),
  ];
  return (
    <ul className={styles.badges} aria-live="polite" data-testid="verification">
      {badges.map((badge) => (
        <li key={badge.id} className={styles.badge[badge.tone]} data-testid={`verification-${badge.id}`} data-tone={badge.tone}>
          {badge.text}
        </li>
      ))}
    </ul>
  );
}
