import { useTranslation } from 'react-i18next';
import { useAudit } from '../api';
import { AdminPage } from '../components/admin-page';
import { Cell } from '../components/data-table';
import { SelectField } from '../components/form-controls';
import { PagedTable, usePagedFilter } from '../components/paged-list';
import { formatIstDateTime } from '../format';

const ENTITIES = [
  'lesson',
  'question',
  'media',
  'plan',
  'coupon',
  'live_session',
  'refund',
  'user',
  'lesson_feedback',
  'blog',
  'news',
  'quiz',
  'explore_post',
  'explore_review',
  'notification_definition',
] as const;

/** Before and after, folded away: rows can be long, and most reads need only who and what. */
function Change({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('admin');
  return (
    <details>
      <summary className="cursor-pointer text-brand-800 underline">{t('audit.showChange')}</summary>
      <div className="mt-2 grid gap-2 lg:grid-cols-2">
        <div>
          <p className="text-xs font-semibold text-ink-muted">{t('audit.before')}</p>
          <pre className="max-h-64 overflow-auto rounded bg-slate-100 p-2 text-xs">
            {before === null ? '—' : JSON.stringify(before, null, 2)}
          </pre>
        </div>
        <div>
          <p className="text-xs font-semibold text-ink-muted">{t('audit.after')}</p>
          <pre className="max-h-64 overflow-auto rounded bg-slate-100 p-2 text-xs">
            {after === null ? '—' : JSON.stringify(after, null, 2)}
          </pre>
        </div>
      </div>
    </details>
  );
}

export function AuditPage() {
  const { t } = useTranslation('admin');
  const entity = usePagedFilter('');
  const audit = useAudit({ page: entity.page, entity: entity.filter || undefined });
  return (
    <AdminPage title={t('audit.heading')} description={t('audit.intro')}>
      <SelectField
        label={t('audit.entity')}
        value={entity.filter}
        onChange={entity.setFilter}
        options={[
          { value: '', label: t('audit.all') },
          ...ENTITIES.map((value) => ({ value, label: t(`audit.entities.${value}`) })),
        ]}
        className="max-w-xs"
      />
      <PagedTable
        list={audit}
        onPage={entity.setPage}
        caption={t('audit.heading')}
        head={[
          t('audit.when'),
          t('audit.who'),
          t('audit.action'),
          t('audit.what'),
          t('audit.change'),
        ]}
        row={(entry) => (
          <tr key={entry._id}>
            <Cell className="whitespace-nowrap">{formatIstDateTime(entry.created_at)}</Cell>
            <Cell>{entry.admin ? entry.admin.name : t('audit.erased')}</Cell>
            <Cell>{entry.action}</Cell>
            <Cell>
              {entry.entity}
              {entry.entity_id ? (
                <span className="block max-w-48 truncate font-mono text-xs text-ink-muted">
                  {entry.entity_id}
                </span>
              ) : null}
            </Cell>
            <Cell className="min-w-64">
              <Change before={entry.before} after={entry.after} />
            </Cell>
          </tr>
        )}
      />
    </AdminPage>
  );
}
