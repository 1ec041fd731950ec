import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBlog } from '@exhale/contract/admin';
import { Button } from '../../../components/ui/button';
import { handleApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useBlogs, useDeleteBlog, useSaveBlog } from '../api';
import { Badge, Cell } from '../components/data-table';
import { EditableListPage } from '../components/editable-list-page';
import {
  CheckboxField,
  FormFooter,
  saveHandlers,
  TextAreaField,
  TextField,
  useServerErrors,
} from '../components/form-controls';
import { LazyRichTextEditor } from '../components/lazy-rich-text-editor';
import { DeleteButton, EditButton, RowActions } from '../components/row-actions';
import { UploadField, useUploadedImage } from '../components/upload-field';
import { formatIstDate, slugify } from '../format';

function BlogForm({ blog, onDone }: { blog?: AdminBlog; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveBlog();
  const errors = useServerErrors();
  const [title, setTitle] = useState(blog?.title ?? '');
  const [slug, setSlug] = useState(blog?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(Boolean(blog));
  const [metaTitle, setMetaTitle] = useState(blog?.meta_title ?? '');
  const [metaDescription, setMetaDescription] = useState(blog?.meta_description ?? '');
  const [content, setContent] = useState(blog?.content ?? '');
  const image = useUploadedImage({ key: blog?.image ?? null, url: blog?.image_url ?? null });
  const [published, setPublished] = useState(blog?.published ?? false);

  function submit(event: FormEvent) {
    event.preventDefault();
    errors.clear();
    save.mutate(
      {
        id: blog?._id,
        body: {
          title,
          slug,
          meta_title: metaTitle,
          meta_description: metaDescription,
          content,
          image: image.key,
          published,
        },
      },
      saveHandlers(errors, t('blogs.saved'), onDone),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
      <TextField
        label={t('blogs.title')}
        value={title}
        onChange={(value) => {
          setTitle(value);
          if (!slugTouched) setSlug(slugify(value));
        }}
        required
        maxLength={200}
        error={errors.of('title')}
        className="sm:col-span-2"
      />
      <TextField
        label={t('blogs.slug')}
        value={slug}
        onChange={(value) => {
          setSlugTouched(true);
          setSlug(value);
        }}
        required
        hint={t('blogs.slugHint')}
        error={errors.of('slug')}
      />
      <TextField
        label={t('blogs.metaTitle')}
        value={metaTitle}
        onChange={setMetaTitle}
        maxLength={200}
        error={errors.of('meta_title')}
      />
      <TextAreaField
        label={t('blogs.metaDescription')}
        value={metaDescription}
        onChange={setMetaDescription}
        rows={2}
        maxLength={500}
        hint={t('blogs.metaDescriptionHint')}
        error={errors.of('meta_description')}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <LazyRichTextEditor
          label={t('blogs.content')}
          value={content}
          onChange={setContent}
          error={errors.of('content')}
        />
      </div>
      <div className="sm:col-span-2">
        <UploadField
          kind="image"
          label={t('blogs.image')}
          currentUrl={image.url}
          error={errors.of('image')}
          onUploaded={image.onUploaded}
        />
      </div>
      <CheckboxField label={t('blogs.published')} checked={published} onChange={setPublished} />
      <FormFooter
        errors={errors.errors}
        shown={['title', 'slug', 'meta_title', 'meta_description', 'content', 'image']}
        pending={save.isPending}
        className="sm:col-span-2"
      />
    </form>
  );
}

export function BlogsPage() {
  const { t } = useTranslation('admin');
  const blogs = useBlogs();
  const save = useSaveBlog();
  const remove = useDeleteBlog();

  const togglePublished = (blog: AdminBlog) =>
    save.mutate(
      { id: blog._id, body: { published: !blog.published } },
      {
        onSuccess: () =>
          notify.success(blog.published ? t('blogs.unpublishedToast') : t('blogs.publishedToast')),
        onError: (error) => handleApiError(error, 'common.genericError'),
      },
    );

  return (
    <EditableListPage
      title={t('blogs.heading')}
      description={t('blogs.intro')}
      newLabel={t('blogs.new')}
      editTitle={t('blogs.edit')}
      dialogClassName="max-w-3xl"
      list={blogs}
      head={[
        t('blogs.title'),
        t('blogs.slug'),
        t('blogs.status'),
        t('blogs.date'),
        t('common.actions'),
      ]}
      row={(blog, edit) => (
        <tr key={blog._id}>
          <Cell className="font-medium">{blog.title}</Cell>
          <Cell className="font-mono text-xs">{blog.slug}</Cell>
          <Cell>
            {blog.published ? (
              <Badge tone="good">{t('blogs.live')}</Badge>
            ) : (
              <Badge>{t('blogs.draft')}</Badge>
            )}
          </Cell>
          <Cell>{formatIstDate(blog.published_at ?? blog.created_at)}</Cell>
          <Cell>
            <RowActions>
              <EditButton name={blog.title} onClick={edit} />
              <Button variant="ghost" size="sm" onClick={() => togglePublished(blog)}>
                {blog.published ? t('blogs.unpublish') : t('blogs.publish')}
              </Button>
              <DeleteButton
                id={blog._id}
                remove={remove}
                confirm={t('blogs.confirmDelete', { title: blog.title })}
                deleted={t('blogs.deleted')}
              />
            </RowActions>
          </Cell>
        </tr>
      )}
      form={(blog, done) => <BlogForm blog={blog} onDone={done} />}
    />
  );
}
