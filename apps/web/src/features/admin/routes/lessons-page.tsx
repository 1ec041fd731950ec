import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminLesson } from '@exhale/contract/admin';
import { Button, buttonClasses } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useLessons, useReorderLessons, useSaveLesson } from '../api';
import { AdminPage, AdminSection, QueryState } from '../components/admin-page';
import { Badge, Cell, DataTable } from '../components/data-table';
import { RowActions } from '../components/row-actions';
import { formatDuration } from '../format';

type Track = 'free' | 'paid';

/** Lessons of one track grouped by day, in programme order. */
function byDay(lessons: AdminLesson[], track: Track): [number, AdminLesson[]][] {
  const days = new Map<number, AdminLesson[]>();
  for (const lesson of lessons) {
    if (lesson.is_paid !== (track === 'paid')) continue;
    days.set(lesson.day, [...(days.get(lesson.day) ?? []), lesson]);
  }
  return [...days.entries()].sort(([a], [b]) => a - b);
}

function DayTable({ track, day, lessons }: { track: Track; day: number; lessons: AdminLesson[] }) {
  const { t } = useTranslation('admin');
  const reorder = useReorderLessons();
  const save = useSaveLesson();
  const active = lessons.filter((lesson) => lesson.active);

  function move(lesson: AdminLesson, by: -1 | 1) {
    const ids = active.map((l) => l._id);
    const from = ids.indexOf(lesson._id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    reorder.mutate(
      { track, day, ids },
      { onError: (error) => handleApiError(error, 'common.genericError') },
    );
  }

  function setActive(lesson: AdminLesson, value: boolean) {
    save.mutate(
      { id: lesson._id, body: { active: value } },
      {
        onSuccess: () => notify.success(value ? t('lessons.restored') : t('lessons.retired')),
        onError: (error) => handleApiError(error, 'common.genericError'),
      },
    );
  }

  return (
    <DataTable
      caption={t('lessons.dayCaption', { track: t(`lessons.tracks.${track}`), day })}
      head={[
        t('lessons.order'),
        t('lessons.title'),
        t('lessons.type'),
        t('lessons.duration'),
        t('lessons.exercises'),
        t('lessons.status'),
        t('common.actions'),
      ]}
    >
      {lessons.map((lesson) => {
        const position = active.indexOf(lesson);
        return (
          <tr key={lesson._id}>
            <Cell>{lesson.video_order}</Cell>
            <Cell className="font-medium">{lesson.title}</Cell>
            <Cell>{t(`lessons.types.${lesson.type}`)}</Cell>
            <Cell>{formatDuration(lesson.total_duration)}</Cell>
            <Cell>
              {lesson.exercises.map((e) => `${e.time}s → ${e.route}`).join(', ')}
              {lesson.route ? ` (${t('lessons.afterView')}: ${lesson.route})` : ''}
            </Cell>
            <Cell>
              {lesson.active ? (
                <Badge tone="good">{t('lessons.active')}</Badge>
              ) : (
                <Badge>{t('lessons.retiredBadge')}</Badge>
              )}
            </Cell>
            <Cell>
              <RowActions>
                <Link
                  to={`/admin/lessons/${lesson._id}`}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                  aria-label={t('lessons.editNamed', { title: lesson.title })}
                >
                  {t('common.edit')}
                </Link>
                {lesson.active ? (
                  <>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={position <= 0 || reorder.isPending}
                      onClick={() => move(lesson, -1)}
                      aria-label={t('lessons.moveUp', { title: lesson.title })}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={position >= active.length - 1 || reorder.isPending}
                      onClick={() => move(lesson, 1)}
                      aria-label={t('lessons.moveDown', { title: lesson.title })}
                    >
                      ↓
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => {
                        if (window.confirm(t('lessons.confirmRetire', { title: lesson.title }))) {
                          setActive(lesson, false);
                        }
                      }}
                    >
                      {t('lessons.retire')}
                    </Button>
                  </>
                ) : (
                  <Button variant="ghost" size="sm" onClick={() => setActive(lesson, true)}>
                    {t('lessons.restore')}
                  </Button>
                )}
              </RowActions>
            </Cell>
          </tr>
        );
      })}
    </DataTable>
  );
}

export function LessonsPage() {
  const { t } = useTranslation('admin');
  const lessons = useLessons();
  return (
    <AdminPage
      title={t('lessons.heading')}
      description={t('lessons.intro')}
      actions={
        <Link to="/admin/lessons/new" className={buttonClasses()}>
          {t('lessons.new')}
        </Link>
      }
    >
      <QueryState
        isPending={lessons.isPending}
        error={lessons.error}
        isEmpty={lessons.data?.length === 0}
      >
        {(['free', 'paid'] as const).map((track) => (
          <AdminSection key={track} title={t(`lessons.tracks.${track}`)}>
            {byDay(lessons.data ?? [], track).map(([day, list]) => (
              <div key={day} className="flex flex-col gap-2">
                <h3 className="font-semibold text-ink">{t('lessons.day', { day })}</h3>
                <DayTable track={track} day={day} lessons={list} />
              </div>
            ))}
          </AdminSection>
        ))}
      </QueryState>
    </AdminPage>
  );
}
