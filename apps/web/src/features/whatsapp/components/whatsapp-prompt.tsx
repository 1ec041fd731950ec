import { lazy, Suspense, useState } from 'react';
import {
  getWhatsappHide,
  getWhatsappPromptPaused,
  setWhatsappPromptDismissed,
} from '../../../lib/storage';
import { useProfile } from '../../../lib/use-profile';

// The dialog's code (the OTP input, the verification calls) loads only for a member it is shown
// to: most members have given a number or skipped, and a closed dialog mounted on every visit
// cost the dashboard a render and a layout of its own once its code came in.
const WhatsappFlow = lazy(async () => ({
  default: (await import('./whatsapp-dialog')).WhatsappFlow,
}));

/**
 * The WhatsApp prompt on the dashboard and the test screen (spec §2, §4): shown while the user
 * has no WhatsApp number and has not chosen 'Skip this step'; closed without an answer, it waits
 * a week before asking again (decision 080).
 */
export function WhatsappPrompt() {
  const profile = useProfile();
  const user = profile.data;
  const [closed, setClosed] = useState(false);
  // Skipping is remembered on this device (spec §3 whatsapp hide flag).
  const hidden = getWhatsappHide();
  const paused = getWhatsappPromptPaused();
  if (!user || user.whatsapp_no || hidden || paused || closed) return null;
  return (
    <Suspense fallback={null}>
      <WhatsappFlow
        mobile={user.mobile ?? ''}
        onDone={() => setClosed(true)}
        onDismiss={() => {
          setWhatsappPromptDismissed(Date.now());
          setClosed(true);
        }}
      />
    </Suspense>
  );
}
