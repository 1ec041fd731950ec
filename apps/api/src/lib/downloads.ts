import type { FastifyReply } from 'fastify';

/**
 * A private file download: saved under `filename`, never kept by a shared cache or the
 * browser's (invoices and registration lists carry personal data).
 */
export function sendDownload(
  reply: FastifyReply,
  type: string,
  filename: string,
  body: Buffer | string,
) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** A rendered PDF (an invoice, a credit note) as a private download. */
export const sendPdf = (reply: FastifyReply, file: { filename: string; pdf: Buffer }) =>
  sendDownload(reply, 'application/pdf', file.filename, file.pdf);
