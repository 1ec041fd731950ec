import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { downloadQuizResponses, useDeleteQuizSet, useQuizSets } from '../api';
import { AdminPage, QueryState } from '../components/admin-page';
import { Cell, DataTable } from '../components/data-table';
import { DeleteButton, RowActions } from '../components/row-actions';
import { formatIstDate } from '../format';

export function QuizzesPage() {
  const { t } = useTranslation('admin');
  const sets = useQuizSets();
  const remove = useDeleteQuizSet();
  return (
    <AdminPage
      title={t('quizzes.heading')}
      description={t('quizzes.intro')}
      actions={
        <Link to="/admin/quizzes/new" className={buttonClasses()}>
          {t('quizzes.new')}
        </Link>
      }
    >
      <QueryState isPending={sets.isPending} error={sets.error} isEmpty={sets.data?.length === 0}>
        <DataTable
          caption={t('quizzes.heading')}
          head={[
            t('quizzes.title'),
            t('quizzes.link'),
            t('quizzes.size'),
            t('quizzes.registrations'),
            t('quizzes.created'),
            t('common.actions'),
          ]}
        >
          {(sets.data ?? []).map((set) => (
            <tr key={set._id}>
              <Cell className="font-medium">{set.title}</Cell>
              <Cell>
                <a
                  href={set.public_path}
                  target="_blank"
                  rel="noreferrer"
                  className="font-mono text-xs text-brand-800 underline"
                >
                  {set.public_path}
                </a>
              </Cell>
              <Cell>
                {t('quizzes.sizeValue', { quizzes: set.quizzes, questions: set.questions })}
              </Cell>
              <Cell>{set.registrations}</Cell>
              <Cell>{formatIstDate(set.created_at)}</Cell>
              <Cell>
                <RowActions>
                  <Link
                    to={`/admin/quizzes/${set._id}`}
                    className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                    aria-label={t('common.editNamed', { name: set.title })}
                  >
                    {t('common.edit')}
                  </Link>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={set.registrations === 0}
                    onClick={() =>
                      void downloadQuizResponses(set._id).catch((error: unknown) =>
                        handleApiError(error, 'common.genericError'),
                      )
                    }
                    aria-label={t('quizzes.exportNamed', { title: set.title })}
                  >
                    {t('quizzes.export')}
                  </Button>
                  <DeleteButton
                    id={set._id}
                    remove={remove}
                    disabled={set.registrations > 0}
                    confirm={t('quizzes.confirmDelete', { title: set.title })}
                    deleted={t('quizzes.deleted')}
                  />
                </RowActions>
              </Cell>
            </tr>
          ))}
        </DataTable>
      </QueryState>
    </AdminPage>
  );
}
