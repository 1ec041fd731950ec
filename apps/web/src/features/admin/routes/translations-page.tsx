import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TRANSLATABLE_ENTITIES,
  type ContentTextCell,
  type TranslatableEntity,
} from '@exhale/contract/content-texts';
import {
  LANGUAGE_NAMES,
  TRANSLATED_LANGUAGES,
  type TranslatedLanguage,
} from '@exhale/contract/languages';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { handleApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { AdminPage } from '../components/admin-page';
import { Badge } from '../components/data-table';
import { SelectField } from '../components/form-controls';
import { PagedList, usePagedFilter } from '../components/paged-list';
import { useContentTexts, useSaveContentText } from '../translations-api';

type Drafts = Record<string, string>;
/** One row as GET /admin/translations answers it. */
type Item = NonNullable<ReturnType<typeof useContentTexts>['data']>['data'][number];
const NONE: ContentTextCell = { text: '', source: 'none' };
const draftKey = (field: string, language: TranslatedLanguage) => `${field}\u0000${language}`;

/** A field's name as operators know it: 'Option: Agree' rather than 'options.o4'. */
function useFieldName() {
  const { t } = useTranslation('admin');
  return (field: string, english: string) => {
    const [name] = field.split('.');
    if (name === 'options') return t('translations.fields.option', { text: english });
    if (name === 'features') return t('translations.fields.feature');
    return t(`translations.fields.${name as 'question'}`);
  };
}

/**
 * One row (a statement, a lesson, a plan): each field's English and a text per language. Save
 * sends only what changed; a blank text removes a translation, so readers get the translation
 * service or English again.
 */
function ItemForm({ item }: { item: Item }) {
  const { t } = useTranslation('admin');
  const save = useSaveContentText();
  const fieldName = useFieldName();
  const id = useId();
  const original = (field: string, language: TranslatedLanguage) => {
    const cell = item.fields.find((f) => f.field === field)?.texts[language] ?? NONE;
    return cell.source === 'own' || cell.source === 'stale' ? cell.text : '';
  };
  const [drafts, setDrafts] = useState<Drafts>({});
  const [saving, setSaving] = useState(false);

  const changed = Object.entries(drafts).filter(([key, text]) => {
    const [field, language] = key.split('\u0000') as [string, TranslatedLanguage];
    return text.trim() !== original(field, language);
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (changed.length === 0) return;
    setSaving(true);
    try {
      for (const [key, text] of changed) {
        const [field, language] = key.split('\u0000') as [string, TranslatedLanguage];
        await save.mutateAsync({
          entity: item.entity,
          entity_id: item.entity_id,
          field,
          language,
          text: text.trim(),
        });
      }
      setDrafts({});
      notify.success(t('translations.saved'));
    } catch (error) {
      handleApiError(error, 'common.genericError');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-label`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id={`${id}-label`} className="text-lg font-bold text-ink">
        {item.label}
      </h2>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        {item.fields.map((field) => (
          <fieldset key={field.field} className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-semibold text-ink">
              {fieldName(field.field, field.english)}
            </legend>
            <p lang="en" className="rounded-lg bg-slate-50 p-2 text-sm text-ink">
              <span className="sr-only">{t('translations.english')}: </span>
              {field.english}
            </p>
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {TRANSLATED_LANGUAGES.map((language) => {
                const key = draftKey(field.field, language);
                const cell = field.texts[language] ?? NONE;
                const inputId = `${id}-${field.field}-${language}`;
                const hintId = `${inputId}-hint`;
                const value = drafts[key] ?? original(field.field, language);
                const hint =
                  drafts[key] === undefined && cell.source === 'shared'
                    ? t('translations.sources.shared', { text: cell.text })
                    : cell.source === 'stale'
                      ? t('translations.sources.stale')
                      : null;
                return (
                  <div key={language} className="flex flex-col gap-1">
                    <label htmlFor={inputId} className="text-sm font-medium text-ink">
                      <span lang={language}>{LANGUAGE_NAMES[language]}</span>
                      <span className="sr-only">
                        {' '}
                        {t('translations.textFor', {
                          field: fieldName(field.field, field.english),
                        })}
                      </span>
                    </label>
                    <textarea
                      id={inputId}
                      lang={language}
                      rows={field.english.length > 80 ? 4 : 2}
                      value={value}
                      onChange={(event) =>
                        setDrafts((previous) => ({ ...previous, [key]: event.target.value }))
                      }
                      aria-describedby={hint ? hintId : undefined}
                      className={inputClasses}
                    />
                    {hint ? (
                      <p id={hintId} className="text-xs text-ink-muted">
                        {cell.source === 'stale' ? (
                          <Badge tone="warn">{t('translations.staleBadge')}</Badge>
                        ) : null}{' '}
                        {hint}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
        <div>
          <Button type="submit" disabled={saving || changed.length === 0}>
            {saving ? t('common.saving') : t('common.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** /admin/translations: database text in every language Exhale speaks (decision 064). */
export function TranslationsPage() {
  const { t } = useTranslation('admin');
  const entity = usePagedFilter<TranslatableEntity>('questions');
  const list = useContentTexts(entity.filter, entity.page);
  return (
    <AdminPage title={t('translations.heading')} description={t('translations.intro')}>
      <SelectField
        label={t('translations.entity')}
        value={entity.filter}
        onChange={entity.setFilter}
        options={TRANSLATABLE_ENTITIES.map((value) => ({
          value,
          label: t(`translations.entities.${value}`),
        }))}
        className="max-w-xs"
      />
      <PagedList list={list} onPage={entity.setPage}>
        {(items) => (
          <div className="flex flex-col gap-4">
            {items.map((item) => (
              <ItemForm key={`${item.entity_id}-${entity.page}`} item={item} />
            ))}
          </div>
        )}
      </PagedList>
    </AdminPage>
  );
}
