import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import clsx from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
}

/**
 * TipTap with the formatting the server's sanitiser keeps (paragraphs, h2-h4, bold, italic,
 * underline, strike, lists, quotes, code, links, rules). Whatever the editor produces, the server
 * sanitises it again on save: the editor is a convenience, not a safeguard. Loaded lazily, inside
 * the console only.
 */
export default function RichTextEditor({ label, value, onChange, error }: RichTextEditorProps) {
  const { t } = useTranslation('admin');
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    immediatelyRender: true,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        class:
          'prose-admin min-h-40 px-3 py-2 outline-none [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_a]:text-brand-800 [&_a]:underline',
      },
    },
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
    }),
  });

  const tools: { key: keyof typeof state | 'undo' | 'redo'; label: string; run: () => void }[] = [
    { key: 'bold', label: t('editor.bold'), run: () => editor.chain().focus().toggleBold().run() },
    {
      key: 'italic',
      label: t('editor.italic'),
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: t('editor.underline'),
      run: () => editor.chain().focus().toggleUnderline().run(),
    },
    {
      key: 'strike',
      label: t('editor.strike'),
      run: () => editor.chain().focus().toggleStrike().run(),
    },
    {
      key: 'h2',
      label: t('editor.heading2'),
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'h3',
      label: t('editor.heading3'),
      run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bullet',
      label: t('editor.bulletList'),
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'ordered',
      label: t('editor.orderedList'),
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      key: 'quote',
      label: t('editor.quote'),
      run: () => editor.chain().focus().toggleBlockquote().run(),
    },
    {
      key: 'link',
      label: t('editor.link'),
      run: () => {
        if (editor.isActive('link')) {
          editor.chain().focus().unsetLink().run();
          return;
        }
        const href = window.prompt(t('editor.linkPrompt'));
        if (href && /^(https?:|mailto:|\/)/i.test(href.trim())) {
          editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
        }
      },
    },
    { key: 'undo', label: t('editor.undo'), run: () => editor.chain().focus().undo().run() },
    { key: 'redo', label: t('editor.redo'), run: () => editor.chain().focus().redo().run() },
  ];

  return (
    <div className="flex flex-col gap-1">
      <span id={labelId} className="font-medium text-ink">
        {label}
      </span>
      <div
        className={clsx(
          'rounded-lg border bg-white',
          error ? 'border-red-700' : 'border-slate-500',
        )}
      >
        <div
          role="toolbar"
          aria-label={t('editor.toolbar', { label })}
          className="flex flex-wrap gap-1 border-b border-slate-200 p-1"
        >
          {tools.map((tool) => {
            const pressed = tool.key in state ? state[tool.key as keyof typeof state] : undefined;
            return (
              <button
                key={tool.key}
                type="button"
                onClick={tool.run}
                aria-pressed={pressed}
                className={clsx(
                  'min-h-9 rounded-md px-2 text-sm font-medium text-ink hover:bg-brand-50',
                  pressed && 'bg-brand-100 text-brand-950',
                )}
              >
                {tool.label}
              </button>
            );
          })}
        </div>
        <EditorContent editor={editor} />
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
