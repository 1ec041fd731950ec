import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from './form-controls';

/**
 * A list's search box. It searches when submitted, not on each key: a console list is read from
 * the server, one request a search. `onSearch` gets the text without surrounding spaces.
 */
export function SearchForm({
  label,
  hint,
  onSearch,
}: {
  label: ReactNode;
  hint?: ReactNode;
  onSearch: (text: string) => void;
}) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <TextField label={label} type="search" value={text} onChange={setText} hint={hint} />
      <Button type="submit" variant="secondary">
        {t('common.search')}
      </Button>
    </form>
  );
}
