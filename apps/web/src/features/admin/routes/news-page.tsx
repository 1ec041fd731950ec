import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminNews } from '@exhale/contract/admin';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { useDeleteNews, useNews, useSaveNews } from '../api';
import { Badge, Cell } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import {
  CheckboxField,
  FormFooter,
  saveHandlers,
  TextField,
  useServerErrors,
} from '../components/form-controls';
import { LazyRichTextEditor } from '../components/lazy-rich-text-editor';
import { DeleteButton, EditButton, RowActions } from '../components/row-actions';
import { UploadField, useUploadedImage } from '../components/upload-field';
import { formatIstDate } from '../format';

function NewsForm({ item, onDone }: { item?: AdminNews; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveNews();
  const errors = useServerErrors();
  const [title, setTitle] = useState(item?.title ?? '');
  const [author, setAuthor] = useState(item?.author ?? '');
  const [tag, setTag] = useState(item?.tag ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [link, setLink] = useState(item?.link ?? '');
  const image = useUploadedImage({ key: item?.image ?? null, url: item?.image_url ?? null });
  const [published, setPublished] = useState(item?.published ?? true);

  function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    save.mutate(
      {
        id: item?._id,
        body: {
          title,
          author,
          tag: tag.trim() || null,
          description,
          link,
          image: image.key,
          published,
        },
      },
      saveHandlers(errors, t('news.saved'), onDone),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('news.title')}
        value={title}
        onChange={setTitle}
        required
        error={errors.of('title')}
        className="sm:col-span-2"
      />
      <TextField
        label={t('news.author')}
        value={author}
        onChange={setAuthor}
        required
        error={errors.of('author')}
      />
      <TextField
        label={t('news.tag')}
        value={tag}
        onChange={setTag}
        hint={t('news.tagHint')}
        error={errors.of('tag')}
      />
      <TextField
        label={t('news.link')}
        type="url"
        value={link}
        onChange={setLink}
        required
        hint={t('news.linkHint')}
        error={errors.of('link')}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <LazyRichTextEditor
          label={t('news.description')}
          value={description}
          onChange={setDescription}
          error={errors.of('description')}
        />
      </div>
      <div className="sm:col-span-2">
        <UploadField
          kind="image"
          label={t('news.image')}
          currentUrl={image.url}
          error={errors.of('image')}
          onUploaded={image.onUploaded}
        />
      </div>
      <CheckboxField label={t('news.published')} checked={published} onChange={setPublished} />
      <FormFooter
        errors={errors.errors}
        shown={['title', 'author', 'tag', 'link', 'description', 'image']}
        pending={save.isPending}
        className="sm:col-span-2"
      />
    </form>
  );
}

export function NewsPage() {
  const { t } = useTranslation('admin');
  const news = useNews();
  const save = useSaveNews();
  const remove = useDeleteNews();
  return (
    <EditableListPage
      title={t('news.heading')}
      description={t('news.intro')}
      newLabel={t('news.new')}
      editTitle={t('news.edit')}
      dialogClassName="max-w-3xl"
      list={news}
      head={[
        t('news.title'),
        t('news.author'),
        t('news.status'),
        t('news.date'),
        t('common.actions'),
      ]}
      row={(item, edit) => (
        <tr key={item._id}>
          <Cell className="font-medium">
            <a
              href={item.link}
              target="_blank"
              rel="noreferrer"
              className="text-brand-800 underline"
            >
              {item.title}
            </a>
          </Cell>
          <Cell>{item.author}</Cell>
          <Cell>
            {item.published ? (
              <Badge tone="good">{t('news.live')}</Badge>
            ) : (
              <Badge>{t('news.hidden')}</Badge>
            )}
          </Cell>
          <Cell>{formatIstDate(item.created_at)}</Cell>
          <Cell>
            <RowActions>
              <EditButton name={item.title} onClick={edit} />
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  save.mutate(
                    { id: item._id, body: { published: !item.published } },
                    { onError: (error) => handleApiError(error, 'common.genericError') },
                  )
                }
              >
                {item.published ? t('news.unpublish') : t('news.publish')}
              </Button>
              <DeleteButton
                id={item._id}
                remove={remove}
                confirm={t('news.confirmDelete', { title: item.title })}
                deleted={t('news.deleted')}
              />
            </RowActions>
          </Cell>
        </tr>
      )}
      form={(item, done) => <NewsForm item={item} onDone={done} />}
    />
  );
}
