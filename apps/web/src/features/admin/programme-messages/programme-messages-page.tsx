import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import {
  programmeMessageRequestSchema,
  PROGRAMME_LIMITS,
  TEST_CHANNELS,
} from '@exhale/contract/messaging';
import { formatRupees } from '@exhale/contract/money';
import { isLanguageCode, LANGUAGE_NAMES, LANGUAGES } from '@exhale/contract/languages';
import { TOBACCO_TYPES } from '@exhale/contract/quit-plan';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import {
  AdminForm,
  FormFooter,
  FormSelectField,
  FormTextAreaField,
  useAdminForm,
} from '../components/admin-form';
import { AdminSection, QueryState } from '../components/admin-page';
import { SelectField } from '../components/form-controls';
import { Badge, Cell } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import { DeleteButton, EditButton, RowActions } from '../components/row-actions';
import {
  useChannelFigures,
  useSendChannelTest,
  useDeleteProgrammeMessage,
  usePreviewProgrammeMessage,
  useProgrammeFigures,
  useProgrammeMessages,
  useSaveProgrammeMessage,
  type ChannelFigures,
  type ChannelTest,
  type LibraryFilter,
  type ProgrammeMessage,
} from './api';

const DAYS = Array.from(
  { length: PROGRAMME_LIMITS.lastDay - PROGRAMME_LIMITS.firstDay + 1 },
  (_, i) => PROGRAMME_LIMITS.firstDay + i,
);
type Tobacco = (typeof TOBACCO_TYPES)[number];

/** Each language in its own script, as the site's language switcher names it. */
const languageName = (code: string) => (isLanguageCode(code) ? LANGUAGE_NAMES[code] : code);

interface MessageValues {
  day_offset: string;
  language: 'en' | 'hi';
  /** '' is the message for everyone. */
  tobacco_type: Tobacco | '';
  text: string;
}

function Preview() {
  const { t } = useTranslation('admin');
  const [text, day] = useWatch<MessageValues, ['text', 'day_offset']>({
    name: ['text', 'day_offset'],
  });
  const preview = usePreviewProgrammeMessage();
  const outputId = useId();
  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      <div>
        <Button
          type="button"
          variant="secondary"
          aria-controls={outputId}
          disabled={!text?.trim() || preview.isPending}
          onClick={() =>
            preview.mutate(
              { text, day_offset: Number(day) },
              { onError: (error) => handleApiError(error, 'common.genericError') },
            )
          }
        >
          {t('programmeMessages.preview')}
        </Button>
      </div>
      <output id={outputId} aria-live="polite" className="block">
        {preview.data ? (
          <span className="block rounded-xl bg-brand-50 p-3 text-ink">
            <span className="block whitespace-pre-wrap">{preview.data.text}</span>
            <span className="mt-1 block text-sm text-ink-muted">
              {t('programmeMessages.previewNote', { count: preview.data.length })}
            </span>
          </span>
        ) : null}
      </output>
    </div>
  );
}

function MessageForm({ message, onDone }: { message?: ProgrammeMessage; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveProgrammeMessage();
  const { form, onSubmit } = useAdminForm({
    schema: programmeMessageRequestSchema,
    defaultValues: {
      day_offset: String(message?.day_offset ?? 0),
      language: (message?.language as 'en' | 'hi' | undefined) ?? 'en',
      tobacco_type: message?.tobacco_type ?? '',
      text: message?.text ?? '',
    } satisfies MessageValues,
    toBody: (values: MessageValues) => ({
      day_offset: Number(values.day_offset),
      language: values.language,
      tobacco_type: values.tobacco_type === '' ? null : values.tobacco_type,
      text: values.text,
    }),
    save: (body, handlers) => save.mutate({ id: message?._id, body }, handlers),
    saved: t('programmeMessages.saved'),
    onSaved: onDone,
  });
  return (
    <AdminForm form={form} onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-3">
      <FormSelectField
        name="day_offset"
        label={t('programmeMessages.day')}
        options={DAYS.map((day) => ({ value: String(day), label: dayLabel(t, day) }))}
      />
      <FormSelectField
        name="language"
        label={t('programmeMessages.language')}
        options={LANGUAGES.map((value) => ({
          value,
          label: LANGUAGE_NAMES[value],
        }))}
      />
      <FormSelectField
        name="tobacco_type"
        label={t('programmeMessages.tobacco')}
        options={[
          { value: '', label: t('programmeMessages.everyone') },
          ...TOBACCO_TYPES.map((value) => ({
            value,
            label: t(`programmeMessages.tobaccoTypes.${value}`),
          })),
        ]}
      />
      <FormTextAreaField
        name="text"
        label={t('programmeMessages.text')}
        hint={t('programmeMessages.textHint')}
        rows={5}
        required
        className="sm:col-span-3"
      />
      <Preview />
      <FormFooter
        shown={['day_offset', 'language', 'tobacco_type', 'text']}
        pending={save.isPending}
        className="sm:col-span-3"
      />
    </AdminForm>
  );
}

type Translate = ReturnType<typeof useTranslation<'admin'>>['t'];

function dayLabel(t: Translate, day: number): string {
  if (day < 0) return t('programmeMessages.daysBefore', { count: -day });
  if (day === 0) return t('programmeMessages.quitDay');
  return t('programmeMessages.daysAfter', { count: day });
}

function Figures() {
  const { t } = useTranslation('admin');
  const figures = useProgrammeFigures(14);
  const rows = figures.data ?? [];
  return (
    <AdminSection title={t('programmeMessages.figuresTitle')}>
      <p className="text-sm text-ink-muted">{t('programmeMessages.figuresNote')}</p>
      <QueryState isPending={figures.isPending} error={figures.error} isEmpty={rows.length === 0}>
        {/* One card per day rather than a wide table: it reads on a phone without scrolling. */}
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {rows.map((day) => (
            <li key={day.date} className="rounded-xl border border-slate-200 p-3">
              <h3 className="font-semibold text-ink tabular-nums">{day.date}</h3>
              <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
                {(
                  [
                    ['sent', day.sent],
                    ['delivered', day.delivered],
                    ['failed', day.failed],
                    ['fellBack', day.fell_back_to_sms],
                    ['optOuts', day.opt_outs],
                  ] as const
                ).map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="text-ink-muted">{t(`programmeMessages.${key}`)}</dt>
                    <dd className="text-right text-ink tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-2 text-sm text-ink">
                <span className="text-ink-muted">{t('programmeMessages.replies')}: </span>
                {t('programmeMessages.repliesValue', { ...day.replies })}
              </p>
            </li>
          ))}
        </ul>
      </QueryState>
    </AdminSection>
  );
}

/** This month's messages per channel × the operator's price per message (SMS_PRICE_PAISE…). */
function MonthCost({ month }: { month: ChannelFigures['month'] }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <h3 className="mt-3 font-semibold text-ink">
        {t('programmeMessages.costTitle', { month: month.month })}
      </h3>
      <p className="text-sm text-ink-muted">{t('programmeMessages.costNote')}</p>
      <dl className="mt-2 grid max-w-md grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        {month.channels.map((cost) => (
          <div key={cost.channel} className="contents">
            <dt className="text-ink-muted">
              {t(`programmeMessages.channelNames.${cost.channel}`)}
            </dt>
            <dd className="text-right text-ink tabular-nums">
              {t('programmeMessages.costLine', {
                count: cost.sent,
                price: formatRupees(cost.unit_price_paise),
                total: formatRupees(cost.estimate_paise),
              })}
            </dd>
          </div>
        ))}
        <dt className="font-semibold text-ink">{t('programmeMessages.costTotal')}</dt>
        <dd className="text-right font-semibold text-ink tabular-nums">
          {formatRupees(month.total_paise)}
        </dd>
      </dl>
    </>
  );
}

/** 'Send a test' per channel, to the operator's own number, browsers or email. */
function ChannelTests() {
  const { t } = useTranslation('admin');
  const send = useSendChannelTest();
  const [result, setResult] = useState<ChannelTest | null>(null);
  return (
    <>
      <h3 className="mt-3 font-semibold text-ink">{t('programmeMessages.testTitle')}</h3>
      <p className="text-sm text-ink-muted">{t('programmeMessages.testNote')}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {TEST_CHANNELS.map((channel) => (
          <Button
            key={channel}
            type="button"
            variant="secondary"
            disabled={send.isPending}
            onClick={() => {
              setResult(null);
              send.mutate(channel, {
                onSuccess: setResult,
                onError: (error) => handleApiError(error, 'common.genericError'),
              });
            }}
          >
            {t('programmeMessages.testButton', {
              channel: t(`programmeMessages.channelNames.${channel}`),
            })}
          </Button>
        ))}
      </div>
      <div role="status" aria-live="polite" className="mt-2 text-sm text-ink">
        {send.isPending && t('programmeMessages.testSending')}
        {result && (
          <ul className="space-y-1">
            {result.deliveries.map((delivery, i) => (
              <li key={`${delivery.to}-${i}`} className="break-words">
                {t(`programmeMessages.testResult.${delivery.status}`, {
                  channel: t(`programmeMessages.channelNames.${result.channel}`),
                  to: delivery.to,
                  provider: result.provider,
                  error: delivery.error ?? '',
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function Channels() {
  const { t } = useTranslation('admin');
  const figures = useChannelFigures(14);
  const data = figures.data;
  return (
    <AdminSection title={t('programmeMessages.channelsTitle')}>
      <p className="text-sm text-ink-muted">{t('programmeMessages.channelsNote')}</p>
      <QueryState isPending={figures.isPending} error={figures.error} isEmpty={!data}>
        {data && (
          <>
            <p className="mt-2 text-sm text-ink">
              {t('programmeMessages.channelProviders', data.providers)}
            </p>
            <h3 className="mt-3 font-semibold text-ink">{t('programmeMessages.problemsTitle')}</h3>
            {data.problems.length === 0 ? (
              <p className="text-sm text-ink">{t('programmeMessages.noProblems')}</p>
            ) : (
              <ul className="mt-1 list-disc space-y-1 ps-5 text-sm text-ink">
                {data.problems.map((problem) => (
                  <li key={problem.code}>
                    {t(`programmeMessages.problems.${problem.code}`, {
                      detail: problem.detail ?? '',
                    })}
                  </li>
                ))}
              </ul>
            )}
            <MonthCost month={data.month} />
            <ChannelTests />
            {/* One card per day and channel, like the programme's figures: readable at 360 px. */}
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {data.days.map((day) => (
                <li
                  key={`${day.date}-${day.channel}`}
                  className="rounded-xl border border-slate-200 p-3"
                >
                  <h4 className="font-semibold text-ink">
                    <span className="tabular-nums">{day.date}</span>
                    {' · '}
                    {t(`programmeMessages.channelNames.${day.channel}`)}
                  </h4>
                  <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
                    {(
                      [
                        ['sent', day.sent],
                        ['delivered', day.delivered],
                        ['channelRead', day.read],
                        ['failed', day.failed],
                        ['channelNotSent', day.not_sent],
                      ] as const
                    ).map(([key, value]) => (
                      <div key={key} className="contents">
                        <dt className="text-ink-muted">{t(`programmeMessages.${key}`)}</dt>
                        <dd className="text-right text-ink tabular-nums">{value}</dd>
                      </div>
                    ))}
                  </dl>
                  {day.reasons.length > 0 && (
                    <p className="mt-2 text-sm break-words text-ink">
                      <span className="text-ink-muted">
                        {t('programmeMessages.channelReasons')}:{' '}
                      </span>
                      {day.reasons.map((r) => `${r.reason} (${r.count})`).join('; ')}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </AdminSection>
  );
}

/**
 * /admin/programme-messages: the daily messages of the messaging programme by day, language and
 * tobacco type (edit, add variants, preview with a sample member), and delivery per day.
 */
export function ProgrammeMessagesPage() {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<LibraryFilter>({ language: 'en' });
  const messages = useProgrammeMessages(filter);
  const remove = useDeleteProgrammeMessage();
  const name = (m: ProgrammeMessage) => `${dayLabel(t, m.day_offset)}, ${languageName(m.language)}`;
  return (
    <EditableListPage
      title={t('programmeMessages.title')}
      description={t('programmeMessages.description')}
      newLabel={t('programmeMessages.new')}
      editTitle={t('programmeMessages.edit')}
      dialogClassName="max-w-3xl"
      list={messages}
      head={[
        t('programmeMessages.day'),
        t('programmeMessages.language'),
        t('programmeMessages.tobacco'),
        t('programmeMessages.text'),
        t('common.actions'),
      ]}
      row={(message, edit) => (
        <tr key={message._id}>
          <Cell className="whitespace-nowrap font-medium">{dayLabel(t, message.day_offset)}</Cell>
          <Cell>{languageName(message.language)}</Cell>
          <Cell>
            {message.tobacco_type ? (
              <Badge tone="good">
                {t(`programmeMessages.tobaccoTypes.${message.tobacco_type}`)}
              </Badge>
            ) : (
              t('programmeMessages.everyone')
            )}
          </Cell>
          <Cell>
            <span lang={message.language} className="block max-w-xl">
              {message.text}
            </span>
            <span className="text-sm text-ink-muted">
              {t('programmeMessages.characters', { count: [...message.text].length })}
            </span>
          </Cell>
          <Cell>
            <RowActions>
              <EditButton name={name(message)} onClick={edit} />
              {message.language === 'en' && message.tobacco_type === null ? null : (
                <DeleteButton
                  id={message._id}
                  remove={remove}
                  label={t('programmeMessages.deleteNamed', { name: name(message) })}
                  confirm={t('programmeMessages.confirmDelete', { name: name(message) })}
                  deleted={t('programmeMessages.deleted')}
                />
              )}
            </RowActions>
          </Cell>
        </tr>
      )}
      form={(message, done) => <MessageForm message={message} onDone={done} />}
    >
      <AdminSection title={t('programmeMessages.filterTitle')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label={t('programmeMessages.day')}
            value={filter.day_offset === undefined ? 'all' : String(filter.day_offset)}
            options={[
              { value: 'all', label: t('programmeMessages.allDays') },
              ...DAYS.map((day) => ({ value: String(day), label: dayLabel(t, day) })),
            ]}
            onChange={(value) =>
              setFilter((f) => ({ ...f, day_offset: value === 'all' ? undefined : Number(value) }))
            }
          />
          <SelectField
            label={t('programmeMessages.language')}
            value={filter.language ?? 'all'}
            options={[
              { value: 'all', label: t('programmeMessages.allLanguages') },
              ...LANGUAGES.map((value) => ({
                value,
                label: LANGUAGE_NAMES[value],
              })),
            ]}
            onChange={(value) =>
              setFilter((f) => ({ ...f, language: value === 'all' ? undefined : value }))
            }
          />
          <SelectField
            label={t('programmeMessages.tobacco')}
            value={filter.tobacco_type ?? 'all'}
            options={[
              { value: 'all', label: t('programmeMessages.allTobacco') },
              { value: 'any', label: t('programmeMessages.everyone') },
              ...TOBACCO_TYPES.map((value) => ({
                value,
                label: t(`programmeMessages.tobaccoTypes.${value}`),
              })),
            ]}
            onChange={(value) =>
              setFilter((f) => ({
                ...f,
                tobacco_type: value === 'all' ? undefined : (value as Tobacco | 'any'),
              }))
            }
          />
        </div>
      </AdminSection>
      <Figures />
      <Channels />
    </EditableListPage>
  );
}
