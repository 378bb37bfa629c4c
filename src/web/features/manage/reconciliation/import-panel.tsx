import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button, Field } from '../../../components/form.js';
import { useNotify } from '../../../components/notify.js';
import { useT } from '../../../i18n/i18n.js';
import { errorText } from '../../../lib/error-text.js';
import { useFormat } from '../../../lib/use-format.js';
import * as manageStyles from '../manage.css.js';
import { entriesKey } from './api/entries.js';
import { importStatement } from './api/import-statement.js';
import { reconciliationMessages } from './messages.js';
import * as styles from './reconciliation.css.js';

type Imported = Awaited<ReturnType<typeof importStatement>>;

function ImportResult({ result }: { result: Imported }) {
  const t = useT(reconciliationMessages);
  const format = useFormat();
  const figures = [
    ['entries', t('import.entries'), result.entries],
    ['matched', t('import.matched'), result.matched],
    ['unmatched', t('import.unmatched'), result.unmatched],
    ['duplicates', t('import.duplicates'), result.duplicates],
  ] as const;
  return (
    <div role="status" data-testid="import-result">
      <strong>{t('import.done')}</strong>
      <dl className={styles.figures}>
        {figures.map(([key, label, count]) => (
          <div key={key} className={styles.figure}>
            <dt className={manageStyles.muted}>{label}</dt>
            <dd className={styles.figureValue} data-testid={`import-${key}`}>
              {format.number(String(count))}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Uploads the reserve account's statement with a progress bar, then says what the import matched. */
export function ImportPanel() {
  const t = useT(reconciliationMessages);
  const notify = useNotify();
  const client = useQueryClient();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const run = useMutation({
    mutationFn: (chosen: File) => importStatement(chosen, setProgress),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['manage'] }).then(() => client.invalidateQueries({ queryKey: entriesKey })),
    onError: (error) => notify.hint(errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setProgress(0);
    run.mutate(file);
  };
  return (
    <section className={manageStyles.card} aria-label={t('import.title')} data-testid="statement-import">
      <h2 className={manageStyles.cardTitle}>{t('import.title')}</h2>
      <form onSubmit={submit} className={styles.importForm}>
        <Field label={t('import.file')} htmlFor={id} hint={<span className={styles.hint}>{t('import.hint')}</span>}>
          <input
            id={id}
            type="file"
            className={styles.fileInput}
            accept=".xml,.csv,application/xml,text/xml,text/csv"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            data-testid="statement-file"
          />
        </Field>
        <div>
          <Button type="submit" disabled={!file} loading={run.isPending} data-testid="statement-submit">
            {t('import.submit')}
          </Button>
        </div>
      </form>
      {run.isPending && (
        <progress className={styles.progress} max={100} value={progress} aria-label={t('import.progress')} data-testid="statement-progress">
          {progress}%
        </progress>
      )}
      {run.data && <ImportResult result={run.data} />}
    </section>
  );
}
