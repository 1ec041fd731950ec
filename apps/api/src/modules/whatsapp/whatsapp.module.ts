import type { Executor } from '../../db/client';
import { dataAccess } from '../../lib/data-access';
import { WhatsappRepository } from './whatsapp.repository';
import { WhatsappService, type WhatsappRepositories } from './whatsapp.service';

export function whatsappRepositories(db: Executor): WhatsappRepositories {
  return {
    whatsapp: new WhatsappRepository(db),
  };
}

export function createWhatsappService(
  deps: Omit<ConstructorParameters<typeof WhatsappService>[0], 'data'>,
): WhatsappService {
  return new WhatsappService({ ...deps, data: dataAccess(deps.db, whatsappRepositories) });
}
