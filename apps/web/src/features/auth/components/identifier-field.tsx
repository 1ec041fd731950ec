import { useTranslation } from 'react-i18next';
import { normaliseLoginIdentifier } from '@exhale/contract/auth';
import { Field, inputClasses } from '../../../components/ui/field';

/**
 * The sign-in forms' 'email or mobile' box. What is typed is normalised as the server will read it
 * (spaces removed, lower case), so the member sees the identifier that is sent.
 */
export function IdentifierField({
  value,
  onChange,
  hint,
}: {
  value: string;
  onChange: (identifier: string) => void;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('login.identifier')} hint={hint}>
      {(control) => (
        <input
          {...control}
          className={inputClasses}
          value={value}
          onChange={(event) => onChange(normaliseLoginIdentifier(event.target.value))}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      )}
    </Field>
  );
}
