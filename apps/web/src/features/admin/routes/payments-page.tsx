import { useTranslation } from 'react-i18next';
import { downloadInvoice, usePayments } from '../api';
import { AdminPage } from '../components/admin-page';
import { Badge, Cell } from '../components/data-table';
import { DownloadButton } from '../components/download-button';
import { PagedTable, usePagedFilter } from '../components/paged-list';
import { SearchForm } from '../components/search-form';
import { formatIstDateTime, formatPaise } from '../format';

export function PaymentsPage() {
  const { t } = useTranslation('admin');
  const search = usePagedFilter('');
  const payments = usePayments({ page: search.page, q: search.filter || undefined });
  return (
    <AdminPage title={t('payments.heading')} description={t('payments.intro')}>
      <SearchForm
        label={t('payments.search')}
        hint={t('payments.searchHint')}
        onSearch={search.setFilter}
      />
      <PagedTable
        list={payments}
        onPage={search.setPage}
        caption={t('payments.heading')}
        head={[
          t('payments.date'),
          t('payments.buyer'),
          t('payments.item'),
          t('payments.amount'),
          t('payments.status'),
          t('payments.invoice'),
        ]}
        row={(payment) => (
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
                <DownloadButton
                  download={() => downloadInvoice(payment._id)}
                  label={t('payments.downloadNamed', { number: payment.invoice.number })}
                >
                  {payment.invoice.number}
                </DownloadButton>
              ) : (
                '—'
              )}
            </Cell>
          </tr>
        )}
      />
    </AdminPage>
  );
}
