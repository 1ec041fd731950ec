import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichTextEditorProps } from './rich-text-editor';

// The editor (TipTap and ProseMirror) is a chunk of its own, fetched when a form needs it.
const Editor = lazy(() => import('./rich-text-editor'));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation('admin');
  return (
    <Suspense
      fallback={
        <p role="status" className="text-ink-muted">
          {t('editor.loading')}
        </p>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
