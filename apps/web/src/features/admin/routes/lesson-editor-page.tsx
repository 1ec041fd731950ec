import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminLesson, LessonType } from '@exhale/contract/admin';
import { Button, buttonClasses } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useExerciseRoutes, useLesson, useSaveLesson } from '../api';
import { AdminPage, AdminSection, QueryState } from '../components/admin-page';
import {
  CheckboxField,
  OtherErrors,
  SelectField,
  TextAreaField,
  TextField,
  useServerErrors,
} from '../components/form-controls';
import { UploadField } from '../components/upload-field';
import { formatDuration } from '../format';

interface ExerciseRow {
  time: string;
  route: string;
}

interface LessonForm {
  title: string;
  content: string;
  type: LessonType;
  day: string;
  videoOrder: string;
  source: string;
  sourceUrl: string | null;
  duration: number | null;
  thumbnail: string | null;
  thumbnailUrl: string | null;
  route: string;
  exercises: ExerciseRow[];
  active: boolean;
}

const EMPTY: LessonForm = {
  title: '',
  content: '',
  type: 'free',
  day: '1',
  videoOrder: '',
  source: '',
  sourceUrl: null,
  duration: null,
  thumbnail: null,
  thumbnailUrl: null,
  route: '',
  exercises: [],
  active: true,
};

function fromLesson(lesson: AdminLesson): LessonForm {
  return {
    title: lesson.title,
    content: lesson.content,
    type: lesson.type,
    day: String(lesson.day),
    videoOrder: String(lesson.video_order),
    source: lesson.source,
    sourceUrl: lesson.source_url,
    duration: lesson.total_duration,
    thumbnail: lesson.thumbnail_img,
    thumbnailUrl: lesson.thumbnail_url,
    route: lesson.route ?? '',
    exercises: lesson.exercises.map((e) => ({ time: String(e.time), route: e.route })),
    active: lesson.active,
  };
}

/**
 * The video with the exercise moments marked: a plain <video> (the members' player belongs to
 * the lessons feature and carries their progress rules), with buttons that jump to each moment.
 */
function LessonPreview({ form }: { form: LessonForm }) {
  const { t } = useTranslation('admin');
  const video = useRef<HTMLVideoElement>(null);
  if (!form.sourceUrl) return <p className="text-ink-muted">{t('lessonEditor.noVideo')}</p>;
  return (
    <div className="flex flex-col gap-3">
      <video
        ref={video}
        src={form.sourceUrl}
        poster={form.thumbnailUrl ?? undefined}
        controls
        preload="metadata"
        className="aspect-video w-full max-w-xl rounded-xl bg-black"
      >
        <track kind="captions" />
      </video>
      {form.exercises.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('lessonEditor.markers')}>
          {form.exercises.map((exercise, index) => (
            <li key={index}>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  if (!video.current) return;
                  video.current.currentTime = Number(exercise.time) || 0;
                  void video.current.play().catch(() => undefined);
                }}
              >
                {t('lessonEditor.jumpTo', { time: exercise.time || '0', route: exercise.route })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function LessonEditor({ lesson }: { lesson?: AdminLesson }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const routes = useExerciseRoutes();
  const save = useSaveLesson();
  const errors = useServerErrors();
  const [form, setForm] = useState<LessonForm>(() => (lesson ? fromLesson(lesson) : EMPTY));
  useEffect(() => {
    if (lesson) setForm(fromLesson(lesson));
  }, [lesson]);

  const set = <K extends keyof LessonForm>(key: K, value: LessonForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const setExercise = (index: number, change: Partial<ExerciseRow>) =>
    set(
      'exercises',
      form.exercises.map((row, i) => (i === index ? { ...row, ...change } : row)),
    );

  const routeOptions = [
    { value: '', label: t('lessonEditor.noRoute') },
    ...(routes.data ?? []).map((r) => ({
      value: r.route,
      label: t('lessonEditor.routeOption', { route: r.route, count: r.questions }),
    })),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    const body = {
      title: form.title,
      content: form.content,
      type: form.type,
      day: Number(form.day),
      ...(form.videoOrder.trim() ? { video_order: Number(form.videoOrder) } : {}),
      source: form.source,
      thumbnail_img: form.thumbnail,
      route: form.route || null,
      exercises: form.exercises.map((e) => ({ time: Number(e.time), route: e.route })),
      ...(lesson ? { active: form.active } : {}),
    };
    save.mutate(
      { id: lesson?._id, body },
      {
        onSuccess: () => {
          notify.success(t('lessonEditor.saved'));
          void navigate('/admin/lessons');
        },
        onError: errors.fail,
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <AdminSection title={t('lessonEditor.details')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('lessonEditor.title')}
            value={form.title}
            onChange={(v) => set('title', v)}
            required
            maxLength={200}
            error={errors.of('title')}
            className="sm:col-span-2"
          />
          <TextAreaField
            label={t('lessonEditor.content')}
            value={form.content}
            onChange={(v) => set('content', v)}
            maxLength={5000}
            error={errors.of('content')}
            className="sm:col-span-2"
          />
          <SelectField
            label={t('lessonEditor.type')}
            value={form.type}
            onChange={(v) => set('type', v)}
            options={(['free', 'score_explanation', 'paid'] as const).map((value) => ({
              value,
              label: t(`lessons.types.${value}`),
            }))}
            hint={lesson ? t('lessonEditor.typeHint') : undefined}
            error={errors.of('type')}
          />
          <TextField
            label={t('lessonEditor.day')}
            type="number"
            min={1}
            max={365}
            required
            value={form.day}
            onChange={(v) => set('day', v)}
            error={errors.of('day')}
          />
          <TextField
            label={t('lessonEditor.order')}
            type="number"
            min={1}
            value={form.videoOrder}
            onChange={(v) => set('videoOrder', v)}
            hint={t('lessonEditor.orderHint')}
            error={errors.of('video_order')}
          />
          {lesson ? (
            <CheckboxField
              label={t('lessonEditor.active')}
              checked={form.active}
              onChange={(v) => set('active', v)}
              className="self-end"
            />
          ) : null}
        </div>
      </AdminSection>

      <AdminSection title={t('lessonEditor.media')}>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="flex flex-col gap-4">
            <UploadField
              kind="video"
              label={t('lessonEditor.video')}
              currentUrl={form.sourceUrl}
              error={errors.of('source')}
              onUploaded={(upload) =>
                setForm((current) => ({
                  ...current,
                  source: upload.key,
                  sourceUrl: upload.url,
                  duration: upload.duration_seconds,
                }))
              }
            />
            {form.duration !== null ? (
              <p className="text-sm text-ink">
                {t('lessonEditor.duration', { duration: formatDuration(form.duration) })}
              </p>
            ) : null}
            <UploadField
              kind="image"
              label={t('lessonEditor.thumbnail')}
              currentUrl={form.thumbnailUrl}
              error={errors.of('thumbnail_img')}
              onUploaded={(upload) =>
                setForm((current) => ({
                  ...current,
                  thumbnail: upload.key,
                  thumbnailUrl: upload.url,
                }))
              }
            />
          </div>
          <div>
            <h3 className="mb-2 font-semibold text-ink">{t('lessonEditor.preview')}</h3>
            <LessonPreview form={form} />
          </div>
        </div>
      </AdminSection>

      <AdminSection title={t('lessonEditor.exercisesHeading')}>
        <p className="text-sm text-ink-muted">{t('lessonEditor.exercisesIntro')}</p>
        <ul className="flex flex-col gap-3">
          {form.exercises.map((row, index) => (
            <li key={index} className="grid items-end gap-3 sm:grid-cols-[10rem_1fr_auto]">
              <TextField
                label={t('lessonEditor.exerciseTime', { n: index + 1 })}
                type="number"
                min={0}
                value={row.time}
                onChange={(v) => setExercise(index, { time: v })}
                error={errors.of(`exercises.${index}.time`)}
              />
              <SelectField
                label={t('lessonEditor.exerciseRoute', { n: index + 1 })}
                value={row.route}
                onChange={(v) => setExercise(index, { route: v })}
                options={routeOptions}
                error={errors.of(`exercises.${index}.route`)}
              />
              <Button
                variant="ghost"
                onClick={() =>
                  set(
                    'exercises',
                    form.exercises.filter((_, i) => i !== index),
                  )
                }
              >
                {t('lessonEditor.removeExercise', { n: index + 1 })}
              </Button>
            </li>
          ))}
        </ul>
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              set('exercises', [
                ...form.exercises,
                { time: '', route: routes.data?.[0]?.route ?? '' },
              ])
            }
          >
            {t('lessonEditor.addExercise')}
          </Button>
        </div>
        <SelectField
          label={t('lessonEditor.afterView')}
          value={form.route}
          onChange={(v) => set('route', v)}
          options={routeOptions}
          hint={t('lessonEditor.afterViewHint')}
          error={errors.of('route')}
          className="max-w-md"
        />
      </AdminSection>

      <OtherErrors
        errors={errors.errors}
        shown={[
          'title',
          'content',
          'type',
          'day',
          'video_order',
          'source',
          'thumbnail_img',
          'route',
          'exercises',
        ]}
      />
      <div className="flex gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('common.save')}
        </Button>
        <Link to="/admin/lessons" className={buttonClasses({ variant: 'secondary' })}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
}

export function LessonEditorPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const lesson = useLesson(id);
  return (
    <AdminPage title={id ? t('lessonEditor.editHeading') : t('lessonEditor.newHeading')}>
      {id ? (
        <QueryState isPending={lesson.isPending} error={lesson.error}>
          {lesson.data ? <LessonEditor lesson={lesson.data} /> : null}
        </QueryState>
      ) : (
        <LessonEditor />
      )}
    </AdminPage>
  );
}
