import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/loader';
import { Switch } from '../../../components/ui/switch';
import { handleApiError } from '../../../lib/api';
import { PageMeta } from '../../../lib/head';
import { serverText } from '../../../lib/messages';
import { notify } from '../../../lib/toast';
import { useTranslated } from '../../../lib/use-translated';
import {
  useNotificationSettings,
  useResetNotificationSettings,
  useUpdateNotificationSetting,
  type NotificationSetting,
} from '../api';
import { PushOnThisPhone } from '../components/push-on-this-phone';

/** Settings grouped under their title, keeping the order the API lists them in. */
function groupByTitle(settings: readonly NotificationSetting[]) {
  const groups = new Map<string, NotificationSetting[]>();
  for (const setting of settings) {
    const title = setting.notification_id.title;
    groups.set(title, [...(groups.get(title) ?? []), setting]);
  }
  return [...groups.entries()];
}

function SettingRow({
  setting,
  translate,
  onToggle,
}: {
  setting: NotificationSetting;
  translate: (text: string) => string;
  onToggle: (status: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-4">
      <div>
        <label htmlFor={id} className="font-semibold text-ink">
          {translate(setting.notification_id.setting)}
        </label>
        <p id={`${id}-desc`} className="mt-1 text-sm text-ink-muted">
          {translate(setting.notification_id.desc)}
        </p>
      </div>
      <Switch
        id={id}
        checked={setting.status}
        aria-describedby={`${id}-desc`}
        onCheckedChange={onToggle}
      />
    </li>
  );
}

/**
 * /notifications (spec §2 "Notifications"). `children` are further sections the router places
 * under the settings (the messaging programme's), so this feature imports no other.
 */
export function NotificationSettingsPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSetting();
  const reset = useResetNotificationSettings();
  // Group titles, names and descriptions come from the database in English (decision 024).
  const translate = useTranslated(
    (settings.data ?? []).flatMap(({ notification_id: n }) => [n.title, n.setting, n.desc]),
  );

  const toggle = (setting: NotificationSetting, status: boolean) =>
    update.mutate(
      { id: setting._id, status },
      { onError: (error) => handleApiError(error, 'notificationSettings.updateError') },
    );

  const resetAll = () =>
    reset.mutate(undefined, {
      onSuccess: (response) =>
        notify.success(serverText(response.message, 'notificationSettings.resetSuccess')),
      onError: (error) => handleApiError(error, 'notificationSettings.updateError'),
    });

  return (
    <>
      <PageMeta title={t('notificationSettings.metaTitle')} />
      <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
        <Link
          to="/dashboard"
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          <ArrowLeftIcon className="size-5" />
          {t('notificationSettings.back')}
        </Link>
        <h1 className="mt-2 text-3xl font-bold text-brand-900">
          {t('notificationSettings.title')}
        </h1>
        <p className="mt-1 text-ink-muted">{t('notificationSettings.lead')}</p>
        <div className="mt-6">
          <PushOnThisPhone />
        </div>
        {/* Beside the switches it restores, not above this phone's push, which it leaves alone. */}
        <div className="mt-6 flex justify-end">
          <Button
            variant="secondary"
            disabled={reset.isPending || !settings.data}
            onClick={resetAll}
          >
            {t('notificationSettings.resetAll')}
          </Button>
        </div>
        {settings.isPending ? (
          <div role="status" className="flex items-center gap-3 py-10 text-ink-muted">
            <Spinner className="size-6" />
            {t('notificationSettings.loading')}
          </div>
        ) : settings.isError ? (
          <p role="alert" className="py-10 text-ink">
            {t('notificationSettings.loadError')}
          </p>
        ) : (
          <div className="mt-3 flex flex-col gap-6">
            {groupByTitle(settings.data).map(([title, list]) => (
              <section
                key={title}
                className="rounded-2xl border border-slate-200 bg-white px-5 shadow-sm"
              >
                <h2 className="pt-5 text-xl font-bold text-brand-900">{translate(title)}</h2>
                <ul className="divide-y divide-slate-200">
                  {list.map((setting) => (
                    <SettingRow
                      key={setting._id}
                      setting={setting}
                      translate={translate}
                      onToggle={(status) => toggle(setting, status)}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        {children ? <div className="mt-6 flex flex-col gap-6">{children}</div> : null}
      </section>
    </>
  );
}
