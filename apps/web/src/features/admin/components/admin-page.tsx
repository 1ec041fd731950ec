import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';

/** A console page: its heading, what it is for, the actions on it, and its content. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col gap-6">
      <PageMeta title={t('meta.title', { page: title })} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink">{title}</h1>
          {description ? <p className="mt-1 max-w-3xl text-ink-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}

/** A titled block inside a page. */
export function AdminSection({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-ink">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Loading, failure and empty states of a query, so pages only render data. */
export function QueryState({
  isPending,
  error,
  isEmpty,
  emptyText,
  children,
}: {
  isPending: boolean;
  error: unknown;
  isEmpty?: boolean;
  emptyText?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (isPending) {
    return (
      <p role="status" className="text-ink-muted">
        {t('common.loading')}
      </p>
    );
  }
  if (error) {
    return (
      <p role="alert" className="font-medium text-red-700">
        {t('common.loadFailed')}
      </p>
    );
  }
  if (isEmpty) return <p className="text-ink-muted">{emptyText ?? t('common.empty')}</p>;
  return <>{children}</>;
}
