import { brand } from '@exhale/contract/brand';
import {
  QUIZ_MOBILE_LENGTH,
  quizRegistrationSchema,
  type QuizRegistration,
} from '@exhale/contract/content';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { translateMessage } from '../../../lib/messages';

type FieldName = keyof QuizRegistration;

/**
 * The quiz's registration form (spec §2, §5). Checked with the contract's schema, the one the API
 * uses; only the first problem is shown (spec §5: the first missing field's message).
 */
export function RegistrationForm({ onStart }: { onStart: (user: QuizRegistration) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<QuizRegistration>({ name: '', email: '', mobile_no: '' });
  const [error, setError] = useState<{ field: FieldName; message: string } | null>(null);
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = quizRegistrationSchema.safeParse(values);
    if (result.success) {
      setError(null);
      onStart(result.data);
      return;
    }
    const issue = result.error.issues[0]!;
    const field = issue.path[0] as FieldName;
    setError({ field, message: translateMessage(issue.message) });
    inputs.current[field]?.focus();
  };

  const input = (field: FieldName, label: string, extra: Record<string, unknown>) => (
    <Field label={label} error={error?.field === field ? error.message : null}>
      {(control) => (
        <input
          {...control}
          ref={(element) => {
            inputs.current[field] = element;
          }}
          className={inputClasses}
          value={values[field]}
          onChange={(event) => {
            const value =
              field === 'mobile_no'
                ? event.target.value.replace(/\D/g, '').slice(0, QUIZ_MOBILE_LENGTH)
                : event.target.value;
            setValues((current) => ({ ...current, [field]: value }));
          }}
          {...extra}
        />
      )}
    </Field>
  );

  return (
    <div className="mx-auto w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-3xl font-bold text-brand-900">{brand.quizName}</h1>
      <p className="mt-2 text-ink-muted">{t('quiz.registerText')}</p>
      <form noValidate onSubmit={submit} className="mt-6 flex flex-col gap-4">
        {input('name', t('quiz.name'), { autoComplete: 'name' })}
        {input('email', t('quiz.email'), { type: 'email', autoComplete: 'email' })}
        {input('mobile_no', t('quiz.mobile'), {
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel-national',
          maxLength: QUIZ_MOBILE_LENGTH,
        })}
        <Button type="submit" size="lg" className="mt-2">
          {t('quiz.start')}
        </Button>
      </form>
    </div>
  );
}
