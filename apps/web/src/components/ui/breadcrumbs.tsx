import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { brand } from '@exhale/contract/brand';
import { LogoMark } from './logo';

export interface Crumb {
  label: string;
  /** Omitted for the current page, which is the last crumb. */
  to?: string;
}

/**
 * The way back from pages without a header (help center, legal): the logo home, then the trail.
 * The current page is marked with aria-current, not linked.
 */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('common.breadcrumb')} className="border-b border-brand-100 bg-white">
      <ol className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-3 text-ink-muted">
        <li>
          <Link
            to="/"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg pr-1 text-lg font-bold text-brand-900"
          >
            <LogoMark className="size-8" />
            <span>{brand.name}</span>
            <span className="sr-only">{t('common.home')}</span>
          </Link>
        </li>
        {trail.map((crumb) => (
          <li key={crumb.label} className="flex items-center gap-2">
            <span aria-hidden="true" className="text-slate-400">
              /
            </span>
            {crumb.to ? (
              <Link
                to={crumb.to}
                className="inline-flex min-h-11 items-center rounded font-medium text-brand-800 underline-offset-4 hover:underline"
              >
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-ink">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
