import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import { LocalStorage } from '../../providers/storage/local-storage';
import { BackupService, createBackupStore } from './backups.service';
import { createBackupService } from './backups.module';
import { parseCron } from './cron';

export const BACKUP_TICK_MS = 30_000;

/** The backup service for this app's database and storage. */
export function backupServiceFor(app: FastifyInstance, databaseUrl: string): BackupService {
  const uploadsDir =
    app.storage instanceof LocalStorage
      ? app.storage.root
      : app.config.STORAGE_PROVIDER === 'local'
        ? path.resolve(app.config.DATA_DIR, 'uploads')
        : undefined;
  return createBackupService({
    db: app.db,
    clock: app.clock,
    databaseUrl,
    store: createBackupStore(app.config),
    uploadsDir,
    keep: app.config.BACKUP_KEEP,
    log: (message) => app.log.info(message),
    deliverSoon: () => app.outbox.deliverSoon(),
  });
}

/**
 * Runs in every API process: at each minute BACKUP_CRON names (India's clock) one process takes
 * the backup (an advisory lock, then a check that nobody ran that minute yet); every tick also
 * sends the admins any alert not sent yet (a failed backup, a newest backup older than 36 h).
 * A process started after a scheduled minute does not run it late: the staleness alert tells.
 */
export function startBackupScheduler(
  app: FastifyInstance,
  databaseUrl: string,
  tickMs = BACKUP_TICK_MS,
): PeriodicJob {
  const service = backupServiceFor(app, databaseUrl);
  const schedule = app.config.BACKUP_CRON === 'off' ? undefined : parseCron(app.config.BACKUP_CRON);
  let lastSlot = schedule?.previous(app.clock.now())?.getTime();
  // Each tick makes the backup when its scheduled slot has come (a lock inside keeps it to one
  // process), then checks whether admins must hear that backups failed or are too old.
  return startPeriodic(
    async () => {
      const slot = schedule?.previous(app.clock.now());
      if (slot && slot.getTime() !== lastSlot) {
        lastSlot = slot.getTime();
        const outcome = await service.run('schedule', slot).catch((error: unknown) => {
          app.log.error({ err: error }, 'scheduled backup failed');
        });
        if (outcome?.status === 'skipped') app.log.info(`backup skipped: ${outcome.reason}`);
      }
      await service.sendAlerts();
    },
    { name: 'backup alert check', intervalMs: tickMs, log: app.log },
  );
}
