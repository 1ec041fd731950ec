import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CameraIcon, TrashIcon, UserIcon } from '../../../components/ui/icons';
import { serverText } from '../../../lib/messages';
import type { StoredUser } from '../../../lib/storage';
import { notify } from '../../../lib/toast';
import { useDeleteAvatar, useUploadAvatar } from '../api';

/** The picture with 'Change Profile Image' and 'Delete Profile Image' (spec §2 Profile). */
export function ProfileAvatar({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const busy = upload.isPending || remove.isPending;
  const initial = user.name?.trim().charAt(0).toUpperCase();

  const onFileChosen = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (response) =>
        notify.success(serverText(response.message, 'messages.PROFILE_UPDATE_SUCCESS')),
      onError: (error) => {
        console.error('Profile image upload failed', error);
        notify.error(t('messages.PROFILE_IMAGE_UPDATE_ERROR'));
      },
    });
  };

  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: (response) =>
        notify.success(serverText(response.message, 'messages.PROFILE_IMAGE_DELETED')),
      onError: (error) => {
        console.error('Profile image delete failed', error);
        notify.error(t('messages.PROFILE_IMAGE_DELETE_ERROR'));
      },
    });

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span className="inline-flex size-32 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-5xl font-bold text-brand-900 ring-4 ring-white shadow">
        {user.profile ? (
          <img
            src={user.profile}
            alt={t('profile.avatarAlt', { name: user.name ?? '' })}
            width={128}
            height={128}
            decoding="async"
            className="size-full object-cover"
          />
        ) : initial ? (
          <span aria-hidden="true">{initial}</span>
        ) : (
          <UserIcon className="size-14" />
        )}
      </span>
      {/* Hidden: the button below opens it, so it needs no label or focus stop of its own. */}
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        data-testid="profile-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again still counts as a change.
          event.target.value = '';
          onFileChosen(file);
        }}
      />
      <div className="flex flex-wrap justify-center gap-2">
        <Button size="sm" onClick={() => fileInput.current?.click()} disabled={busy}>
          <CameraIcon className="size-4" />
          {upload.isPending ? t('profile.uploading') : t('profile.changeImage')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDelete} disabled={busy || !user.profile}>
          <TrashIcon className="size-4" />
          {t('profile.deleteImage')}
        </Button>
      </div>
    </div>
  );
}
