import { SimTestPage } from '../../features/sim-test/routes/sim-test-page';
import { WhatsappDialog } from '../../features/whatsapp/components/whatsapp-dialog';

/** /sim-test with the WhatsApp prompt (spec §2: it appears on the dashboard and the test). */
export function SimTestRoute() {
  return (
    <>
      <SimTestPage />
      <WhatsappDialog />
    </>
  );
}
