import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUsers } from '../api';
import { AdminPage } from '../components/admin-page';
import { Badge, Cell } from '../components/data-table';
import { PagedTable, usePagedFilter } from '../components/paged-list';
import { SearchForm } from '../components/search-form';
import { formatIstDate } from '../format';

export function UsersPage() {
  const { t } = useTranslation('admin');
  const search = usePagedFilter('');
  const users = useUsers({ page: search.page, q: search.filter || undefined });
  return (
    <AdminPage title={t('users.heading')} description={t('users.intro')}>
      <SearchForm
        label={t('users.search')}
        hint={t('users.searchHint')}
        onSearch={search.setFilter}
      />
      <PagedTable
        list={users}
        emptyText={t('users.empty')}
        onPage={search.setPage}
        caption={t('users.heading')}
        head={[
          t('users.name'),
          t('users.email'),
          t('users.mobile'),
          t('users.type'),
          t('users.step'),
          t('users.joined'),
        ]}
        row={(user) => (
          <tr key={user._id}>
            <Cell>
              <Link
                to={`/admin/users/${user._id}`}
                className="font-medium text-brand-800 underline"
              >
                {user.name}
              </Link>
              {user.role !== 'user' ? (
                <span className="ml-2">
                  <Badge tone={user.role === 'admin' ? 'warn' : 'good'}>
                    {t(`users.roles.${user.role}`)}
                  </Badge>
                </span>
              ) : null}
            </Cell>
            <Cell>{user.email}</Cell>
            <Cell>{user.mobile ?? '—'}</Cell>
            <Cell>{t(`users.types.${user.type}`)}</Cell>
            <Cell>{user.step}</Cell>
            <Cell>{formatIstDate(user.created_at)}</Cell>
          </tr>
        )}
      />
    </AdminPage>
  );
}
