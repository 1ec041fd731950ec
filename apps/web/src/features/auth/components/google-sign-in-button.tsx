import { useEffect, useRef, useState } from 'react';
import { currentLanguage } from '../../../lib/i18n';
import { loadGoogleIdentity } from '../google-identity';

/**
 * Google's own "Continue with Google" button (Google requires its rendering). The script loads on
 * first use; if it cannot load, the button is simply absent and the other ways to sign in remain.
 */
export function GoogleSignInButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // Google keeps the first callback it is given; this ref lets it call the latest one.
  const latest = useRef(onCredential);
  useEffect(() => {
    latest.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((id) => {
        if (cancelled || !container.current) return;
        id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => {
            if (credential) latest.current(credential);
          },
        });
        id.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          width: Math.min(container.current.clientWidth || 320, 400),
          locale: currentLanguage(),
        });
      })
      .catch((error: unknown) => {
        console.error('Google sign-in unavailable', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (failed) return null;
  return <div ref={container} className="flex min-h-11 w-full justify-center" />;
}
