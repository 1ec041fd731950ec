import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HelpPage, HelpSection, StepList } from '../components/help-page';

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

/** /help-center/get-start: sign-up, log-in by password or OTP, the SIM test, the programme. */
export function GetStartedPage() {
  const { t } = useTranslation('help-center');
  const g = 'getStart' as const;

  return (
    <HelpPage
      metaTitle={t('meta.helpGetStartTitle')}
      metaDescription={t(`${g}.metaDescription`)}
      title={t(`${g}.title`)}
      lead={t(`${g}.lead`)}
    >
      <HelpSection id="sign-up" title={t(`${g}.signUp.title`)} lead={t(`${g}.signUp.lead`)}>
        <StepList steps={t(`${g}.signUp.steps`, { returnObjects: true })} />
        <p className="mt-4 text-ink-muted">{t(`${g}.signUp.google`)}</p>
        <p className="mt-4">
          <Link to="/signup" className={linkClass}>
            {t(`${g}.signUp.link`)}
          </Link>
        </p>
      </HelpSection>

      <HelpSection id="log-in" title={t(`${g}.logIn.title`)} lead={t(`${g}.logIn.lead`)}>
        <h3 className="mt-6 text-lg font-semibold text-ink">{t(`${g}.logIn.otp.title`)}</h3>
        <StepList steps={t(`${g}.logIn.otp.steps`, { returnObjects: true })} />
        <h3 className="mt-6 text-lg font-semibold text-ink">{t(`${g}.logIn.password.title`)}</h3>
        <StepList steps={t(`${g}.logIn.password.steps`, { returnObjects: true })} />
        <h3 className="mt-6 text-lg font-semibold text-ink">{t(`${g}.logIn.forgot.title`)}</h3>
        <StepList steps={t(`${g}.logIn.forgot.steps`, { returnObjects: true })} />
        <p className="mt-4">
          <Link to="/login" className={linkClass}>
            {t(`${g}.logIn.link`)}
          </Link>
        </p>
      </HelpSection>

      <HelpSection id="sim-test" title={t(`${g}.simTest.title`)} lead={t(`${g}.simTest.lead`)}>
        <StepList steps={t(`${g}.simTest.steps`, { returnObjects: true })} />
        <p className="mt-4">
          <Link to={{ pathname: '/', hash: '#simulation-test' }} className={linkClass}>
            {t(`${g}.simTest.link`)}
          </Link>
        </p>
      </HelpSection>

      <HelpSection id="programme" title={t(`${g}.programme.title`)} lead={t(`${g}.programme.lead`)}>
        <StepList steps={t(`${g}.programme.steps`, { returnObjects: true })} />
      </HelpSection>
    </HelpPage>
  );
}
