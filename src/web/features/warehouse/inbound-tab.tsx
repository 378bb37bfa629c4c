import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/form.js';
import { DataTable } from '../../components/paged-table/data-table.js';
import { errorText } from '../../lib/error-text.js';
import { inboundListQuery } from './api/inbound-list.js';
import { CreateInboundDialog } from './dialogs.js';
import { useInboundColumns } from './inbound-columns.js';
import { InboundFilters, useInboundFilter } from './inbound-filters.js';
import { useWarehouseText } from './use-warehouse-text.js';
import * as styles from './warehouse.css.js';

/** Opens a path in a new window; where a popup is blocked, here. */
function useOpenInNewWindow() {
  const navigate = useNavigate();
  return (path: string) => {
    const opened = window.open(path, '_blank');
    if (opened) opened.opener = null;
    else void navigate(path);
  };
}

/** 入库单: the inbound list with its filters (keyword, status, year, month) and the create dialog. */
export function InboundTab({ canChange }: { canChange: boolean }) {
  const { t } = useWarehouseText();
  const filter = useInboundFilter();
  const [creating, setCreating] = useState(false);
  const list = useQuery(inboundListQuery(filter.query));
  const columns = useInboundColumns();
  const openRecord = useOpenInNewWindow();
  return (
    <section data-testid="inbound">
      <InboundFilters filter={filter}>
        {canChange && (
          <Button type="button" onClick={() => setCreating(true)} data-testid="inbound-create-open">
            {t('create.open')}
          </Button>
        )}
      </InboundFilters>
      {!list.data ? (
        <p aria-busy={list.isPending}>{list.isError ? errorText(list.error) : t('loading')}</p>
      ) : list.data.length === 0 ? (
        <p className={styles.muted} data-testid="inbound-empty">
          {t('inbound.empty')}
        </p>
      ) : (
        <DataTable rows={list.data} columns={columns} rowKey={(row) => row.id} rowTestId="inbound-row" busy={list.isPlaceholderData} />
      )}
      <CreateInboundDialog open={creating} onOpenChange={setCreating} onCreated={(created) => openRecord(`/warehouse/in/${created}`)} />
    </section>
  );
}
