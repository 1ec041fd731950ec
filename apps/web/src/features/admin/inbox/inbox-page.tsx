import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CONVERSATION_STATUSES,
  INBOX_ASSIGNED_FILTERS,
  type InboxQuery,
} from '@exhale/contract/coach';
import { RadioPills } from '../../../components/ui/radio-pills';
import { AdminPage, QueryState } from '../components/admin-page';
import { Badge } from '../components/data-table';
import { formatIstDateTime } from '../format';
import { useInbox, type InboxItem } from './api';
import { WaitingTime } from './components/waiting-time';

/** The filters live in the address, so a filtered list can be bookmarked and shared. */
function useInboxFilter(): [InboxQuery, (next: Partial<InboxQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const assigned = params.get('assigned');
  const query: InboxQuery = {
    status: status === 'closed' ? 'closed' : 'open',
    assigned: assigned === 'me' || assigned === 'none' ? assigned : 'all',
  };
  return [
    query,
    (next) => setParams({ ...query, ...next }, { replace: true, preventScrollReset: true }),
  ];
}

/** The clock the waiting times count to, moved on every half minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ConversationRow({ item, now }: { item: InboxItem; now: number }) {
  const { t } = useTranslation('admin');
  return (
    <li className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`/admin/inbox/${item._id}`}
          className="text-lg font-semibold text-brand-800 underline"
        >
          {item.member.name}
        </Link>
        {item.urgent ? <Badge tone="bad">{t('inbox.urgent')}</Badge> : null}
        {item.status === 'closed' ? <Badge>{t('inbox.statuses.closed')}</Badge> : null}
      </div>
      <p className="line-clamp-2 break-words text-ink">{item.preview}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <WaitingTime since={item.waiting_since} urgent={item.urgent} now={now} />
        <span className="text-ink-muted">
          {item.assigned_to
            ? t('inbox.assignedTo', { name: item.assigned_to.name })
            : t('inbox.unassigned')}
        </span>
        <span className="text-ink-muted">
          {t('inbox.lastMessage', { time: `${formatIstDateTime(item.last_message_at)} IST` })}
        </span>
      </p>
    </li>
  );
}

/**
 * /admin/inbox: the members' conversations, urgent first and then the longest waiting (the
 * server's order), each with how long the member has waited. Coaches and admins.
 */
export function InboxPage() {
  const { t } = useTranslation('admin');
  const [query, setQuery] = useInboxFilter();
  const inbox = useInbox(query);
  const now = useNow();
  const statusLabel = useId();
  const assignedLabel = useId();
  const items = inbox.data ?? [];
  return (
    <AdminPage title={t('inbox.title')} description={t('inbox.intro')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
        <div className="flex flex-col gap-1">
          <p id={statusLabel} className="text-sm font-medium text-ink">
            {t('inbox.filters.status')}
          </p>
          <RadioPills
            labelledBy={statusLabel}
            value={query.status}
            onValueChange={(value) => setQuery({ status: value as InboxQuery['status'] })}
            options={CONVERSATION_STATUSES.map((value) => ({
              value,
              label: t(`inbox.statuses.${value}`),
            }))}
          />
        </div>
        <div className="flex flex-col gap-1">
          <p id={assignedLabel} className="text-sm font-medium text-ink">
            {t('inbox.filters.assigned')}
          </p>
          <RadioPills
            labelledBy={assignedLabel}
            value={query.assigned}
            onValueChange={(value) => setQuery({ assigned: value as InboxQuery['assigned'] })}
            options={INBOX_ASSIGNED_FILTERS.map((value) => ({
              value,
              label: t(`inbox.assignedFilters.${value}`),
            }))}
          />
        </div>
      </div>
      <QueryState
        isPending={inbox.isPending}
        error={inbox.error}
        isEmpty={items.length === 0}
        emptyText={t('inbox.empty')}
      >
        <ul aria-label={t('inbox.listLabel')} className="flex flex-col gap-3">
          {items.map((item) => (
            <ConversationRow key={item._id} item={item} now={now} />
          ))}
        </ul>
      </QueryState>
    </AdminPage>
  );
}
