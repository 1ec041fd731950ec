import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans } from 'react-i18next';
import { Dialog, DialogContent } from '../../../components/ui/dialog';

const legalLinkClass = 'font-semibold text-brand-800 underline underline-offset-2';

/**
 * The dialog /login and /signup open over the landing page (spec §2): closing it (the close
 * button, Escape or a click outside) goes to /, and it links to the terms and the privacy policy.
 */
export function AuthDialog({
  title,
  description,
  children,
  footer,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) navigate('/');
      }}
    >
      <DialogContent title={title} description={description}>
        <div className="mt-5">{children}</div>
        {footer ? <div className="mt-6 text-center">{footer}</div> : null}
        <p className="mt-6 border-t border-slate-200 pt-4 text-center text-sm text-ink-muted">
          <Trans
            i18nKey="auth.legal"
            components={{
              terms: <Link to="/terms-and-conditions" className={legalLinkClass} />,
              privacy: <Link to="/privacy-policy" className={legalLinkClass} />,
            }}
          />
        </p>
      </DialogContent>
    </Dialog>
  );
}
