import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { downloadInvoice, usePayments } from '../api';
import { AdminPage, QueryState } from '../components/admin-page';
import { Badge, Cell, DataTable } from '../components/data-table';
import { TextField } from '../components/form-controls';
import { Pagination } from '../components/pagination';
import { formatIstDateTime, formatPaise } from '../format';

export function PaymentsPage() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const payments = usePayments({ page, q: q || undefined });
  const body = payments.data;
  return (
    <AdminPage title={t('payments.heading')} description={t('payments.intro')}>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setQ(search.trim());
        }}
      >
        <TextField
          label={t('payments.search')}
          type="search"
          value={search}
          onChange={setSearch}
          hint={t('payments.searchHint')}
        />
        <Button type="submit" variant="secondary">
          {t('common.search')}
        </Button>
      </form>
      <QueryState
        isPending={payments.isPending}
        error={payments.error}
        isEmpty={body?.data.length === 0}
      >
        <DataTable
          caption={t('payments.heading')}
          head={[
            t('payments.date'),
            t('payments.buyer'),
            t('payments.item'),
            t('payments.amount'),
            t('payments.status'),
            t('payments.invoice'),
          ]}
        >
          {(body?.data ?? []).map((payment) => (
            <tr key={payment._id}>
              <Cell>{formatIstDateTime(payment.captured_at)}</Cell>
              <Cell>
                {payment.user ? (
                  <>
                    <span className="block font-medium">{payment.user.name}</span>
                    <span className="text-ink-muted">{payment.user.email}</span>
                  </>
                ) : (
                  <span className="text-ink-muted">{t('payments.erased')}</span>
                )}
              </Cell>
              <Cell>
                {payment.item}
                <span className="block text-xs text-ink-muted">
                  {t(`payments.purposes.${payment.purpose}`)}
                </span>
              </Cell>
              <Cell>{formatPaise(payment.amount_paise)}</Cell>
              <Cell>
                {payment.status === 'refunded' ? (
                  <Badge tone="warn">{t('payments.refunded')}</Badge>
                ) : (
                  <Badge tone="good">{t('payments.captured')}</Badge>
                )}
              </Cell>
              <Cell>
                {payment.invoice ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() =>
                      void downloadInvoice(payment._id).catch((error: unknown) =>
                        handleApiError(error, 'common.genericError'),
                      )
                    }
                    aria-label={t('payments.downloadNamed', { number: payment.invoice.number })}
                  >
                    {payment.invoice.number}
                  </Button>
                ) : (
                  '—'
                )}
              </Cell>
            </tr>
          ))}
        </DataTable>
        {body ? (
          <Pagination
            page={body.page}
            pageSize={body.page_size}
            total={body.total}
            onPage={setPage}
          />
        ) : null}
      </QueryState>
    </AdminPage>
  );
}
