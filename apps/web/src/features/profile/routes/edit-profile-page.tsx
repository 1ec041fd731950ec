import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PageLoader } from '../../../components/ui/loader';
import { useCurrentUser } from '../../../lib/auth-store';
import { useProfile } from '../../../lib/use-profile';
import { ChangePasswordForm } from '../components/change-password-form';
import { DataSaverSection } from '../components/data-saver-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { PersonalInfoForm } from '../components/personal-info-form';
import { ProfileAvatar } from '../components/profile-avatar';

/** /edit-profile (spec §2 "Profile"). Shows the stored user at once and refreshes it. */
export function EditProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useProfile();

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-10">
      <title>{t('meta.profileTitle')}</title>
      <Link
        to="/dashboard"
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        <ArrowLeftIcon className="size-5" />
        {t('profile.backToDashboard')}
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-brand-900">{t('profile.title')}</h1>
      {user ? (
        <div className="mt-6 grid gap-6 md:grid-cols-[16rem_1fr]">
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:self-start">
            <ProfileAvatar user={user} />
          </div>
          <div className="flex flex-col gap-6">
            <PersonalInfoForm user={user} />
            <DataSaverSection on={user.data_saver === true} />
            <ChangePasswordForm />
            <DeleteAccountSection />
          </div>
        </div>
      ) : (
        <PageLoader />
      )}
    </section>
  );
}
