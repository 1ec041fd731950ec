import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBlog } from '@exhale/contract/admin';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { handleApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useBlogs, useDeleteBlog, useSaveBlog } from '../api';
import { AdminPage, QueryState } from '../components/admin-page';
import { Badge, Cell, DataTable } from '../components/data-table';
import {
  CheckboxField,
  OtherErrors,
  TextAreaField,
  TextField,
  useServerErrors,
} from '../components/form-controls';
import { LazyRichTextEditor } from '../components/lazy-rich-text-editor';
import { UploadField } from '../components/upload-field';
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
  const [image, setImage] = useState(blog?.image ?? null);
  const [imageUrl, setImageUrl] = useState(blog?.image_url ?? null);
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
          image,
          published,
        },
      },
      {
        onSuccess: () => {
          notify.success(t('blogs.saved'));
          onDone();
        },
        onError: errors.fail,
      },
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
          currentUrl={imageUrl}
          error={errors.of('image')}
          onUploaded={(upload) => {
            setImage(upload.key);
            setImageUrl(upload.url);
          }}
        />
      </div>
      <CheckboxField label={t('blogs.published')} checked={published} onChange={setPublished} />
      <OtherErrors
        errors={errors.errors}
        shown={['title', 'slug', 'meta_title', 'meta_description', 'content', 'image']}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('common.save')}
        </Button>
      </div>
    </form>
  );
}

export function BlogsPage() {
  const { t } = useTranslation('admin');
  const blogs = useBlogs();
  const save = useSaveBlog();
  const remove = useDeleteBlog();
  const [editing, setEditing] = useState<AdminBlog | 'new' | null>(null);

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
    <AdminPage
      title={t('blogs.heading')}
      description={t('blogs.intro')}
      actions={<Button onClick={() => setEditing('new')}>{t('blogs.new')}</Button>}
    >
      <QueryState
        isPending={blogs.isPending}
        error={blogs.error}
        isEmpty={blogs.data?.length === 0}
      >
        <DataTable
          caption={t('blogs.heading')}
          head={[
            t('blogs.title'),
            t('blogs.slug'),
            t('blogs.status'),
            t('blogs.date'),
            t('common.actions'),
          ]}
        >
          {(blogs.data ?? []).map((blog) => (
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
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setEditing(blog)}
                    aria-label={t('common.editNamed', { name: blog.title })}
                  >
                    {t('common.edit')}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => togglePublished(blog)}>
                    {blog.published ? t('blogs.unpublish') : t('blogs.publish')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      if (!window.confirm(t('blogs.confirmDelete', { title: blog.title }))) return;
                      remove.mutate(blog._id, {
                        onSuccess: () => notify.success(t('blogs.deleted')),
                        onError: (error) => handleApiError(error, 'common.genericError'),
                      });
                    }}
                  >
                    {t('common.delete')}
                  </Button>
                </div>
              </Cell>
            </tr>
          ))}
        </DataTable>
      </QueryState>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null ? (
          <DialogContent
            title={editing === 'new' ? t('blogs.new') : t('blogs.edit')}
            className="max-w-3xl"
          >
            <BlogForm
              blog={editing === 'new' ? undefined : editing}
              onDone={() => setEditing(null)}
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </AdminPage>
  );
}
