import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COACH_LIMITS, coachReplyRequestSchema } from '@exhale/contract/coach';
import {
  AdminForm,
  FormFooter,
  FormTextAreaField,
  useAdminForm,
  type SaveHandlers,
} from '../../components/admin-form';

/**
 * A reply or an internal note: 1–2,000 characters with a running count, checked with the
 * contract's schema. `tools` sit above the box and may put text in it (saved replies).
 */
export function CoachTextForm({
  label,
  submitLabel,
  saved,
  pending,
  save,
  tools,
}: {
  label: string;
  submitLabel: string;
  saved: string;
  pending: boolean;
  save: (body: { text: string }, handlers: SaveHandlers) => void;
  tools?: (insert: (text: string) => void) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { form, onSubmit } = useAdminForm({
    schema: coachReplyRequestSchema,
    defaultValues: { text: '' },
    save,
    saved,
    onSaved: () => form.reset({ text: '' }),
  });
  const length = (form.watch('text') ?? '').length;
  return (
    <AdminForm form={form} onSubmit={onSubmit} className="flex flex-col gap-3">
      {tools?.((text) => {
        form.setValue('text', text, { shouldDirty: true });
        form.setFocus('text');
      })}
      <FormTextAreaField
        name="text"
        label={label}
        rows={4}
        maxLength={COACH_LIMITS.textMaxLength}
        hint={t('inbox.count', {
          used: length.toLocaleString('en-IN'),
          max: COACH_LIMITS.textMaxLength.toLocaleString('en-IN'),
        })}
      />
      <FormFooter shown={['text']} pending={pending} submitLabel={submitLabel} />
    </AdminForm>
  );
}
