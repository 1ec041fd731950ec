import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useUsers } from '../api';
import { AdminPage, QueryState } from '../components/admin-page';
import { Badge, Cell, DataTable } from '../components/data-table';
import { TextField } from '../components/form-controls';
import { Pagination } from '../components/pagination';
import { formatIstDate } from '../format';

export function UsersPage() {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const users = useUsers({ page, q: q || undefined });
  const body = users.data;
  return (
    <AdminPage title={t('users.heading')} description={t('users.intro')}>
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
          label={t('users.search')}
          type="search"
          value={search}
          onChange={setSearch}
          hint={t('users.searchHint')}
        />
        <Button type="submit" variant="secondary">
          {t('common.search')}
        </Button>
      </form>
      <QueryState
        isPending={users.isPending}
        error={users.error}
        isEmpty={body?.data.length === 0}
        emptyText={t('users.empty')}
      >
        <DataTable
          caption={t('users.heading')}
          head={[
            t('users.name'),
            t('users.email'),
            t('users.mobile'),
            t('users.type'),
            t('users.step'),
            t('users.joined'),
          ]}
        >
          {(body?.data ?? []).map((user) => (
            <tr key={user._id}>
              <Cell>
                <Link
                  to={`/admin/users/${user._id}`}
                  className="font-medium text-brand-800 underline"
                >
                  {user.name}
                </Link>
                {user.role === 'admin' ? (
                  <span className="ml-2">
                    <Badge tone="warn">{t('users.roles.admin')}</Badge>
                  </span>
                ) : null}
              </Cell>
              <Cell>{user.email}</Cell>
              <Cell>{user.mobile ?? '—'}</Cell>
              <Cell>{t(`users.types.${user.type}`)}</Cell>
              <Cell>{user.step}</Cell>
              <Cell>{formatIstDate(user.created_at)}</Cell>
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
