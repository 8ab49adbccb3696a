import type { FastifyInstance } from 'fastify';
import type { MailConfig } from '../../config';
import type { Database } from '../../db/client';
import { createMailer, type Mailer } from './mail.service';
import { type MailTransport, transportFromConfig } from './mail.transport';

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail outbox: `enqueue` inside a transaction; tests call `drainOutbox()`. */
    mailer: Mailer;
  }
}

/** The app's mailer; its background sender runs while the app is up (not when MAIL_WORKER_INTERVAL_MS=0). */
export function registerMailer(
  app: FastifyInstance,
  deps: { db: Database; config: MailConfig; transport?: MailTransport },
): Mailer {
  const transport = deps.transport ?? transportFromConfig(deps.config, app.log);
  const mailer = createMailer({ db: deps.db, transport, from: deps.config.from, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => mailer.start(deps.config.workerIntervalMs));
  app.addHook('onClose', async () => mailer.stop());
  return mailer;
}
