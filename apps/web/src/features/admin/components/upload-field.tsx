import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Upload, UploadKind } from '@exhale/contract/admin';
import { handleApiError } from '../../../lib/api';
import { uploadFile } from '../api';

/**
 * The picture a form keeps for an UploadField: the key it saves and the URL the field previews.
 * Both start from the saved item (null for a new one) and an upload replaces them together, so
 * the preview always shows what will be saved.
 */
export function useUploadedImage(saved: { key: string | null; url: string | null }) {
  const [key, setKey] = useState(saved.key);
  const [url, setUrl] = useState(saved.url);
  return {
    key,
    url,
    onUploaded: (upload: Upload) => {
      setKey(upload.key);
      setUrl(upload.url);
    },
  };
}

/**
 * Picks a file and uploads it at once, showing the progress (XMLHttpRequest upload events).
 * The value the form keeps is the upload's key; the server answers with what it read from the
 * file (a video's duration).
 */
export function UploadField({
  kind,
  label,
  currentUrl,
  error,
  onUploaded,
}: {
  kind: UploadKind;
  label: string;
  currentUrl: string | null;
  error?: string | null;
  onUploaded: (upload: Upload) => void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [name, setName] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function start(file: File) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setName(file.name);
    setProgress(0);
    try {
      const upload = await uploadFile(kind, file, setProgress, controller.signal);
      onUploaded(upload);
    } catch (failure) {
      if (!(failure instanceof DOMException && failure.name === 'AbortError')) {
        handleApiError(failure, 'common.genericError');
      }
    } finally {
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      {currentUrl ? (
        kind === 'video' ? (
          <a
            href={currentUrl}
            target="_blank"
            rel="noreferrer"
            className="text-sm text-brand-800 underline"
          >
            {t('upload.current')}
          </a>
        ) : (
          <img
            src={currentUrl}
            alt=""
            // A placeholder box of 16:9 until the picture (any shape) has loaded.
            width={171}
            height={96}
            loading="lazy"
            decoding="async"
            className="h-24 w-auto self-start rounded-lg border border-slate-200"
          />
        )
      ) : null}
      <input
        id={id}
        type="file"
        accept={kind === 'video' ? 'video/mp4' : 'image/jpeg,image/png,image/webp'}
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        disabled={uploading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void start(file);
          event.target.value = '';
        }}
        className="text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-2 file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-800"
      />
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {kind === 'video' ? t('upload.videoHint') : t('upload.imageHint')}
      </p>
      {uploading ? (
        <div className="flex items-center gap-3">
          <progress
            max={100}
            value={percent}
            aria-label={t('upload.progress', { name: name ?? '' })}
            className="h-3 w-full max-w-sm accent-brand-700"
          />
          <span className="text-sm tabular-nums" aria-hidden="true">
            {percent}%
          </span>
          <button
            type="button"
            onClick={() => abort.current?.abort()}
            className="min-h-11 text-sm font-semibold text-brand-800 underline"
          >
            {t('upload.cancel')}
          </button>
        </div>
      ) : null}
      {error ? <p className="text-sm font-medium text-red-700">{error}</p> : null}
    </div>
  );
}
