import { SimTestPage } from '../../features/sim-test/routes/sim-test-page';
import { WhatsappPrompt } from '../../features/whatsapp/components/whatsapp-prompt';

/** /sim-test with the WhatsApp prompt (spec §2: it appears on the dashboard and the test). */
export function SimTestRoute() {
  return (
    <>
      <SimTestPage />
      <WhatsappPrompt />
    </>
  );
}
