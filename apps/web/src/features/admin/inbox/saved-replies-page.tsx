import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COACH_LIMITS,
  savedReplyRequestSchema,
  type SavedReply,
  type SavedReplyRequest,
} from '@exhale/contract/coach';
import { LANGUAGE_NAMES, LANGUAGES, type LanguageCode } from '@exhale/contract/languages';
import {
  AdminForm,
  FormFooter,
  FormSelectField,
  FormTextAreaField,
  FormTextField,
  useAdminForm,
} from '../components/admin-form';
import { Button } from '../../../components/ui/button';
import { AdminPage, QueryState } from '../components/admin-page';
import { Cell, DataTable } from '../components/data-table';
import { EditorDialog, useEditing } from '../components/editor-dialog';
import { SelectField } from '../components/form-controls';
import { DeleteButton, EditButton, RowActions } from '../components/row-actions';
import { useDeleteSavedReply, useSavedReplies, useSaveSavedReply } from './api';

const languageOptions = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

function SavedReplyForm({
  reply,
  language,
  onDone,
}: {
  reply?: SavedReply;
  language: LanguageCode;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveSavedReply();
  const { form, onSubmit } = useAdminForm({
    schema: savedReplyRequestSchema,
    defaultValues: {
      language: reply?.language ?? language,
      title: reply?.title ?? '',
      text: reply?.text ?? '',
    } satisfies SavedReplyRequest,
    save: (body, handlers) => save.mutate({ id: reply?._id, body }, handlers),
    saved: t('savedReplies.saved'),
    onSaved: onDone,
  });
  return (
    <AdminForm form={form} onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
      <FormSelectField
        name="language"
        label={t('savedReplies.language')}
        options={languageOptions}
      />
      <FormTextField
        name="title"
        label={t('savedReplies.titleField')}
        maxLength={COACH_LIMITS.savedReplyTitleMaxLength}
        required
      />
      <FormTextAreaField
        name="text"
        label={t('savedReplies.text')}
        rows={6}
        maxLength={COACH_LIMITS.textMaxLength}
        required
      />
      <FormFooter shown={['language', 'title', 'text']} pending={save.isPending} />
    </AdminForm>
  );
}

/** /admin/saved-replies: the replies coaches can start from, per language (admins edit them). */
export function SavedRepliesPage() {
  const { t } = useTranslation('admin');
  const [language, setLanguage] = useState<LanguageCode>('en');
  const replies = useSavedReplies(language);
  const remove = useDeleteSavedReply();
  const editor = useEditing<SavedReply>();
  return (
    <AdminPage
      title={t('savedReplies.heading')}
      description={t('savedReplies.intro')}
      actions={<Button onClick={editor.startNew}>{t('savedReplies.new')}</Button>}
    >
      <SelectField
        label={t('savedReplies.language')}
        value={language}
        onChange={setLanguage}
        options={languageOptions}
        className="max-w-xs"
      />
      <QueryState
        isPending={replies.isPending}
        error={replies.error}
        isEmpty={replies.data?.length === 0}
        emptyText={t('savedReplies.empty')}
      >
        <DataTable
          caption={t('savedReplies.heading')}
          head={[t('savedReplies.titleField'), t('savedReplies.text'), t('common.actions')]}
        >
          {(replies.data ?? []).map((reply) => (
            <tr key={reply._id}>
              <Cell className="font-medium">{reply.title}</Cell>
              <Cell className="max-w-xl">
                <span className="line-clamp-3 break-words">{reply.text}</span>
              </Cell>
              <Cell>
                <RowActions>
                  <EditButton name={reply.title} onClick={() => editor.edit(reply)} />
                  <DeleteButton
                    id={reply._id}
                    remove={remove}
                    label={t('savedReplies.deleteNamed', { title: reply.title })}
                    confirm={t('savedReplies.confirmDelete', { title: reply.title })}
                    deleted={t('savedReplies.deleted')}
                  />
                </RowActions>
              </Cell>
            </tr>
          ))}
        </DataTable>
      </QueryState>
      <EditorDialog
        editor={editor}
        newTitle={t('savedReplies.new')}
        editTitle={t('savedReplies.edit')}
        className="max-w-2xl"
      >
        {(reply) => <SavedReplyForm reply={reply} language={language} onDone={editor.close} />}
      </EditorDialog>
    </AdminPage>
  );
}
