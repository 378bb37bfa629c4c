import { useState } from 'react';
import { manageEndpoints } from '../../../domain/contract/endpoints/manage.js';
import type { ManageResource } from '../../../domain/contract/manage.js';
import { Button } from '../../components/form.js';
import { useT } from '../../i18n/i18n.js';
import type { BackOfficeAccess } from './access.js';
import * as styles from './manage.css.js';
import { manageMessages } from './messages.js';
import { PagedTable, type Column } from '../../components/paged-table/paged-table.js';
import { QrDialog } from './qr-dialog.js';
import { ResourceDialog } from './resource-dialog.js';

type Editing = { resource: ManageResource | null } | null;

/** The payee institutions: add and edit (admins), and each one's QR image (admins and auditors). */
export function ResourcesTab({ access }: { access: BackOfficeAccess }) {
  const t = useT(manageMessages);
  const [editing, setEditing] = useState<Editing>(null);
  const [qrOf, setQrOf] = useState<ManageResource | null>(null);
  const columns: Column<ManageResource>[] = [
    { key: 'id', header: t('col.id'), cell: (row) => row.id },
    { key: 'name', header: t('col.name'), cell: (row) => `${row.name}${row.name_en ? ` / ${row.name_en}` : ''}` },
    { key: 'code', header: t('col.code'), cell: (row) => row.code },
    { key: 'currency', header: t('col.currency'), cell: (row) => row.currency },
    { key: 'country', header: t('col.country'), cell: (row) => row.country },
    {
      key: 'actions',
      header: t('col.actions'),
      cell: (row) => (
        <span className={styles.nowrap}>
          {access.change && (
            <button type="button" className={styles.smallButton} onClick={() => setEditing({ resource: row })} data-testid="resource-edit">
              {t('resource.edit')}
            </button>
          )}
          <button type="button" className={styles.smallButton} onClick={() => setQrOf(row)} data-testid="resource-qr">
            {t('resource.qr')}
          </button>
        </span>
      ),
    },
  ];
  const add = access.change ? (
    <Button type="button" onClick={() => setEditing({ resource: null })} data-testid="resource-add">
      {t('resource.add')}
    </Button>
  ) : null;
  return (
    <>
      <PagedTable
        endpoint={manageEndpoints.resources}
        searchLabel={t('search.resources')}
        columns={columns}
        rowKey={(row) => row.id}
        testId="resources"
        actions={add}
      />
      {editing && (
        <ResourceDialog
          key={editing.resource?.id ?? 'new'}
          resource={editing.resource}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {qrOf && <QrDialog resource={qrOf} onClose={() => setQrOf(null)} />}
    </>
  );
}
