import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  adminLessonCreateSchema,
  adminLessonUpdateSchema,
  LESSON_TYPES,
  type AdminLesson,
  type AdminLessonUpdate,
  type LessonType,
} from '@exhale/contract/admin';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
// The members' player, reused in preview mode (it lives in components/ and knows no console code,
// so no member page downloads console code).
import { LessonPlayer } from '../../../components/lesson-player/lesson-player';
import { playVideo } from '../../../components/lesson-player/lesson-video';
import type { UserLesson } from '../../../lib/programme-api';
import { useExerciseRoutes, useLesson, useQuestions, useSaveLesson } from '../api';
import { AdminPage, AdminSection, QueryState } from '../components/admin-page';
import {
  AdminForm,
  FieldError,
  FormCheckboxField,
  FormFooter,
  FormSelectField,
  FormTextAreaField,
  FormTextField,
  FormUploadField,
  useAdminForm,
} from '../components/admin-form';
import { RenditionStatus } from '../components/rendition-status';
import { useVideoRenditions } from '../renditions-api';
import { formatDuration } from '../format';
import { numberOrNull, numberOrOmitted } from '../form-values';

interface ExerciseRow {
  time: string;
  route: string;
}

interface LessonForm {
  title: string;
  content: string;
  type: LessonType;
  day: string;
  /** '' leaves the lesson last in its day. */
  video_order: string;
  source: string;
  sourceUrl: string | null;
  duration: number | null;
  thumbnail_img: string | null;
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
  video_order: '',
  source: '',
  sourceUrl: null,
  duration: null,
  thumbnail_img: null,
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
    video_order: String(lesson.video_order),
    source: lesson.source,
    sourceUrl: lesson.source_url,
    duration: lesson.total_duration,
    thumbnail_img: lesson.thumbnail_img,
    thumbnailUrl: lesson.thumbnail_url,
    route: lesson.route ?? '',
    exercises: lesson.exercises.map((e) => ({ time: String(e.time), route: e.route })),
    active: lesson.active,
  };
}

/** The exercise the preview stopped at: in the video (then it plays on) or after it. */
type PreviewPrompt = { route: string; then: 'resume' | 'end' };

/**
 * What the member is asked at an exercise moment, read-only: the console shows the questions
 * instead of taking answers (nothing an operator does in a preview is recorded).
 */
function PreviewExerciseDialog({
  prompt,
  onContinue,
}: {
  prompt: PreviewPrompt | null;
  onContinue: () => void;
}) {
  const { t } = useTranslation('admin');
  const questions = useQuestions(prompt ? { route: prompt.route } : undefined);
  return (
    <Dialog open={prompt !== null} onOpenChange={(open) => !open && onContinue()}>
      {prompt ? (
        <DialogContent
          // The member's own title, from the members' catalogue.
          title={t('exercises.dialogTitle', { ns: 'translation' })}
          description={t('lessonEditor.previewExercise', { route: prompt.route })}
          className="max-w-2xl"
        >
          <QueryState
            isPending={questions.isPending}
            error={questions.error}
            isEmpty={questions.data?.length === 0}
          >
            <ol className="mt-4 flex max-h-[55dvh] flex-col gap-3 overflow-y-auto">
              {(questions.data ?? []).map((question, index) => (
                <li key={question._id} className="rounded-xl bg-brand-50/60 p-3">
                  <p className="font-semibold text-ink">
                    {index + 1}. {question.question}
                  </p>
                  {question.options.length > 0 ? (
                    <ul className="mt-1 list-disc pl-5 text-sm text-ink-muted">
                      {question.options.map((option) => (
                        <li key={option.id}>{option.value}</li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-1 text-sm text-ink-muted">
                      {t('lessonEditor.previewTextAnswer')}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </QueryState>
          <Button className="mt-4" onClick={onContinue}>
            {prompt.then === 'resume'
              ? t('lessonEditor.previewContinue')
              : t('lessonEditor.previewClose')}
          </Button>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/**
 * The lesson in the members' own player (the lessons feature's LessonVideo) in preview mode: it
 * pauses at each exercise moment exactly as for a member, but writes no progress. An operator
 * may scrub freely, as a member re-watching a lesson; the buttons jump to each moment.
 */
function LessonPreview({ form }: { form: LessonForm }) {
  const { t } = useTranslation('admin');
  const videoRef = useRef<HTMLVideoElement | null>(null);
  // The data-saver versions too, so 'Listen only' and Data saver preview as members get them.
  const made = useVideoRenditions(form.source).data;
  const [prompt, setPrompt] = useState<PreviewPrompt | null>(null);
  // Routes the operator has continued past; a member's answered exercises play the same part.
  const [passed, setPassed] = useState<ReadonlySet<string>>(new Set());

  const exercises = useMemo(
    () =>
      form.exercises
        .filter((row) => row.route !== '' && row.time.trim() !== '' && Number.isFinite(+row.time))
        .map((row) => ({ time: Number(row.time), route: row.route })),
    [form.exercises],
  );
  const duration = Math.max(1, form.duration ?? 1);
  const lesson = useMemo<UserLesson>(
    () => ({
      _id: 'preview',
      // Watched already: nothing to unlock, free to scrub (writes are off in preview anyway).
      status: 'completed',
      isActive: 'completed',
      pause_time: 0,
      seconds_viewed: duration,
      is_viewed: true,
      feedback: null,
      completed_at: null,
      exercises,
      lesson_details: {
        title: form.title,
        content: form.content,
        day: Number(form.day) || 1,
        video_order: Number(form.video_order) || 1,
        source: form.sourceUrl ?? '',
        thumbnail_img: form.thumbnailUrl,
        total_duration: duration,
        is_paid: form.type === 'paid',
        type: form.type,
        route: form.route || null,
        captions: null,
        renditions: made?.status === 'done' ? made.renditions : [],
        audio_src: made?.status === 'done' ? made.audio_src : null,
      },
    }),
    [form, exercises, duration, made],
  );

  // Going back before a moment makes its exercise come up again, as on a first viewing.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onSeeked = () =>
      setPassed((current) => {
        const again = exercises.filter((e) => current.has(e.route) && e.time >= video.currentTime);
        if (again.length === 0) return current;
        const next = new Set(current);
        for (const e of again) next.delete(e.route);
        return next;
      });
    video.addEventListener('seeked', onSeeked);
    return () => video.removeEventListener('seeked', onSeeked);
  }, [exercises, form.sourceUrl]);

  if (!form.sourceUrl) return <p className="text-ink-muted">{t('lessonEditor.noVideo')}</p>;

  const continuePast = () => {
    if (!prompt) return;
    setPassed((current) => new Set(current).add(prompt.route));
    setPrompt(null);
    if (prompt.then === 'resume' && videoRef.current) void playVideo(videoRef.current);
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">{t('lessonEditor.previewHint')}</p>
      <div className="w-full max-w-xl">
        <LessonPlayer
          key={form.sourceUrl}
          lesson={lesson}
          videoRef={videoRef}
          answered={passed}
          exercisePending={prompt !== null}
          useLocalResume={false}
          playRequest={null}
          onExerciseDue={(route) => setPrompt({ route, then: 'resume' })}
          onEnded={() => {
            if (form.route && !passed.has(form.route))
              setPrompt({ route: form.route, then: 'end' });
          }}
          preview
        />
      </div>
      {form.exercises.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('lessonEditor.markers')}>
          {form.exercises.map((exercise, index) => (
            <li key={index}>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  const video = videoRef.current;
                  if (!video) return;
                  setPassed((current) => {
                    const next = new Set(current);
                    next.delete(exercise.route);
                    return next;
                  });
                  video.currentTime = Number(exercise.time) || 0;
                  void playVideo(video);
                }}
              >
                {t('lessonEditor.jumpTo', { time: exercise.time || '0', route: exercise.route })}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <PreviewExerciseDialog prompt={prompt} onContinue={continuePast} />
    </div>
  );
}

function LessonEditor({ lesson }: { lesson?: AdminLesson }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const routes = useExerciseRoutes();
  const save = useSaveLesson();
  // Either body is one the update accepts: the form checks the one it sends.
  const schema: z.ZodType<AdminLessonUpdate> = lesson
    ? adminLessonUpdateSchema
    : adminLessonCreateSchema;
  const { form, onSubmit } = useAdminForm({
    schema,
    defaultValues: lesson ? fromLesson(lesson) : EMPTY,
    toBody: (values: LessonForm) => ({
      title: values.title,
      content: values.content,
      type: values.type,
      day: Number(values.day),
      video_order: numberOrOmitted(values.video_order),
      source: values.source,
      thumbnail_img: values.thumbnail_img,
      route: values.route || null,
      exercises: values.exercises.map((e) => ({ time: numberOrNull(e.time), route: e.route })),
      ...(lesson ? { active: values.active } : {}),
    }),
    save: (body, handlers) => save.mutate({ id: lesson?._id, body }, handlers),
    saved: t('lessonEditor.saved'),
    onSaved: () => void navigate('/admin/lessons'),
  });
  const { reset, setValue, control } = form;
  useEffect(() => {
    if (lesson) reset(fromLesson(lesson));
  }, [lesson, reset]);
  const exercises = useFieldArray({ control, name: 'exercises', keyName: 'key' });
  const values = useWatch({ control }) as LessonForm;

  const routeOptions = [
    { value: '', label: t('lessonEditor.noRoute') },
    ...(routes.data ?? []).map((r) => ({
      value: r.route,
      label: t('lessonEditor.routeOption', { route: r.route, count: r.questions }),
    })),
  ];

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="flex flex-col gap-6">
      <AdminSection title={t('lessonEditor.details')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField
            name="title"
            label={t('lessonEditor.title')}
            required
            maxLength={200}
            className="sm:col-span-2"
          />
          <FormTextAreaField
            name="content"
            label={t('lessonEditor.content')}
            maxLength={5000}
            className="sm:col-span-2"
          />
          <FormSelectField
            name="type"
            label={t('lessonEditor.type')}
            options={LESSON_TYPES.map((value) => ({ value, label: t(`lessons.types.${value}`) }))}
            hint={lesson ? t('lessonEditor.typeHint') : undefined}
          />
          <FormTextField
            name="day"
            label={t('lessonEditor.day')}
            type="number"
            min={1}
            max={365}
            required
          />
          <FormTextField
            name="video_order"
            label={t('lessonEditor.order')}
            type="number"
            min={1}
            hint={t('lessonEditor.orderHint')}
          />
          {lesson ? (
            <FormCheckboxField
              name="active"
              label={t('lessonEditor.active')}
              className="self-end"
            />
          ) : null}
        </div>
      </AdminSection>

      <AdminSection title={t('lessonEditor.media')}>
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="flex flex-col gap-4">
            <FormUploadField
              name="source"
              kind="video"
              label={t('lessonEditor.video')}
              url={lesson?.source_url ?? null}
              onUploaded={(upload) => {
                setValue('sourceUrl', upload.url);
                setValue('duration', upload.duration_seconds);
              }}
            />
            {values.duration !== null ? (
              <p className="text-sm text-ink">
                {t('lessonEditor.duration', { duration: formatDuration(values.duration) })}
              </p>
            ) : null}
            {values.source ? <RenditionStatus videoKey={values.source} /> : null}
            <FormUploadField
              name="thumbnail_img"
              kind="image"
              label={t('lessonEditor.thumbnail')}
              url={lesson?.thumbnail_url ?? null}
              onUploaded={(upload) => setValue('thumbnailUrl', upload.url)}
            />
          </div>
          <div>
            <h3 className="mb-2 font-semibold text-ink">{t('lessonEditor.preview')}</h3>
            <LessonPreview form={values} />
          </div>
        </div>
      </AdminSection>

      <AdminSection title={t('lessonEditor.exercisesHeading')}>
        <p className="text-sm text-ink-muted">{t('lessonEditor.exercisesIntro')}</p>
        <ul className="flex flex-col gap-3">
          {exercises.fields.map((row, index) => (
            <li key={row.key} className="grid items-end gap-3 sm:grid-cols-[10rem_1fr_auto]">
              <FormTextField
                name={`exercises.${index}.time`}
                label={t('lessonEditor.exerciseTime', { n: index + 1 })}
                type="number"
                min={0}
              />
              <FormSelectField
                name={`exercises.${index}.route`}
                label={t('lessonEditor.exerciseRoute', { n: index + 1 })}
                options={routeOptions}
              />
              <Button variant="ghost" onClick={() => exercises.remove(index)}>
                {t('lessonEditor.removeExercise', { n: index + 1 })}
              </Button>
            </li>
          ))}
        </ul>
        <FieldError name="exercises" />
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => exercises.append({ time: '', route: routes.data?.[0]?.route ?? '' })}
          >
            {t('lessonEditor.addExercise')}
          </Button>
        </div>
        <FormSelectField
          name="route"
          label={t('lessonEditor.afterView')}
          options={routeOptions}
          hint={t('lessonEditor.afterViewHint')}
          className="max-w-md"
        />
      </AdminSection>

      <FormFooter
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
        pending={save.isPending}
        className="flex gap-3"
      >
        <Link to="/admin/lessons" className={buttonClasses({ variant: 'secondary' })}>
          {t('common.cancel')}
        </Link>
      </FormFooter>
    </AdminForm>
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
