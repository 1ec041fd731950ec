import type { Executor } from '../../db/client';
import { composeService } from '../../lib/data-access';
import { WhatsappRepository } from './whatsapp.repository';
import { WhatsappService, type WhatsappRepositories } from './whatsapp.service';

export function whatsappRepositories(db: Executor): WhatsappRepositories {
  return {
    whatsapp: new WhatsappRepository(db),
  };
}

export const createWhatsappService = composeService(WhatsappService, whatsappRepositories);
