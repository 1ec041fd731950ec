import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { LogoMark } from '../../../components/ui/logo';

/** The router stores its history index in history.state; 0 means this page opened the tab. */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <title>{t('meta.notFoundTitle')}</title>
      <LogoMark className="size-16 opacity-80" />
      <h1 className="mt-6 text-4xl font-extrabold text-brand-900">{t('notFound.title')}</h1>
      <p className="mt-3 text-lg text-ink-muted">{t('notFound.message')}</p>
      <Button
        className="mt-8"
        // 'Back to home' goes back in history (spec §2); a 404 opened from a bookmark or a
        // mistyped address has nowhere to go back to, so it goes home instead.
        onClick={() => (canGoBack() ? navigate(-1) : navigate('/'))}
      >
        {t('notFound.back')}
      </Button>
    </section>
  );
}
