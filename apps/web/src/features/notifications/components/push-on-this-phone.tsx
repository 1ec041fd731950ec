import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import {
  currentSubscription,
  notificationPermission,
  pushSupport,
  PushSetupError,
  sendTestPush,
  turnOffPush,
  turnOnPush,
} from '../../../lib/web-push';

type State = 'checking' | 'unsupported' | 'ios-install' | 'blocked' | 'off' | 'on';

async function readState(): Promise<State> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  if (notificationPermission() === 'denied') return 'blocked';
  return (await currentSubscription()) && notificationPermission() === 'granted' ? 'on' : 'off';
}

/**
 * 'Notifications on this phone': Web Push for this browser. Permission is asked only when the
 * member taps 'Turn on'; a blocked permission, an iPhone outside the installed app and a browser
 * without push each get their own explanation.
 */
export function PushOnThisPhone() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void readState().then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, []);

  // The programme's channel list offers push once a browser of the member's accepted it.
  const refreshChannels = () => queryClient.invalidateQueries({ queryKey: ['messaging'] });

  const turnOn = async () => {
    setBusy(true);
    try {
      await turnOnPush();
      setState('on');
      notify.success(t('pushOnThisPhone.turnedOn'));
      void refreshChannels();
    } catch (error) {
      if (error instanceof PushSetupError && error.reason === 'denied') {
        setState(notificationPermission() === 'denied' ? 'blocked' : 'off');
      } else if (error instanceof PushSetupError && error.reason === 'no-worker') {
        notify.error(t('pushOnThisPhone.noWorker'));
      } else {
        handleApiError(error, 'pushOnThisPhone.error');
      }
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      await turnOffPush();
      setState('off');
      void refreshChannels();
    } catch (error) {
      handleApiError(error, 'pushOnThisPhone.error');
    } finally {
      setBusy(false);
    }
  };

  // Allowing notifications again happens in the browser's settings, outside the page (and an
  // installed app has no reload button): the member comes back and asks for a fresh look.
  const checkAgain = async () => {
    const next = await readState();
    setState(next);
    if (next === 'blocked') notify.error(t('pushOnThisPhone.blockedTitle'));
  };

  const test = async () => {
    setBusy(true);
    try {
      const sent = await sendTestPush();
      if (sent > 0) notify.success(t('pushOnThisPhone.testSent'));
      else notify.error(t('pushOnThisPhone.testNone'));
    } catch (error) {
      handleApiError(error, 'pushOnThisPhone.error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="push-on-this-phone-title"
      className="rounded-2xl border border-slate-200 bg-white px-5 py-5 shadow-sm"
    >
      <h2 id="push-on-this-phone-title" className="text-xl font-bold text-brand-900">
        {t('pushOnThisPhone.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('pushOnThisPhone.lead')}</p>
      <div className="mt-4" aria-live="polite">
        {state === 'checking' ? null : state === 'unsupported' ? (
          <p className="text-ink">{t('pushOnThisPhone.unsupported')}</p>
        ) : state === 'ios-install' ? (
          <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-ink">
            <p className="font-semibold">{t('pushOnThisPhone.iosTitle')}</p>
            <p className="mt-1 text-sm">{t('pushOnThisPhone.iosBody')}</p>
          </div>
        ) : state === 'blocked' ? (
          <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-ink">
            <p className="font-semibold">{t('pushOnThisPhone.blockedTitle')}</p>
            <p className="mt-1 text-sm">{t('pushOnThisPhone.blockedBody')}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void checkAgain()}>
              {t('pushOnThisPhone.checkAgain')}
            </Button>
          </div>
        ) : state === 'on' ? (
          <div className="flex flex-col gap-3">
            <p className="font-semibold text-ink">{t('pushOnThisPhone.on')}</p>
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => void test()} disabled={busy}>
                {t('pushOnThisPhone.test')}
              </Button>
              <Button variant="secondary" onClick={() => void turnOff()} disabled={busy}>
                {t('pushOnThisPhone.turnOff')}
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-ink">{t('pushOnThisPhone.off')}</p>
            <div>
              <Button onClick={() => void turnOn()} disabled={busy}>
                {t('pushOnThisPhone.turnOn')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
