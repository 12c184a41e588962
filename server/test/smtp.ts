import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './net';

/** A mail as the test SMTP server received it: parsed (mailparser), with its envelope and raw header lines. */
export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  /** A header as it was written (first occurrence), without its name: `header('list-unsubscribe')`. */
  header(name: string): string | undefined;
}

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package, no TLS, no auth), collecting what it
 * receives. `stop` and `start` take it down and up again on the same port (a mail server that is
 * down); `hold` makes it keep every message in DATA until `release` (a mail server that answers
 * slowly); `refuse` makes it answer 550 to RCPT TO for an address.
 */
export interface TestSmtp {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** Messages being received and held (hold on). */
  readonly holding: number;
  hold(): void;
  release(): void;
  refuse(address: string): void;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTestSmtp(onClose: (close: () => Promise<void>) => void): Promise<TestSmtp> {
  const port = await freePort();
  const mails: ReceivedMail[] = [];
  const refused = new Set<string>();
  let gate: Promise<void> | null = null;
  let open: () => void = () => {};
  let holding = 0;
  let server: SMTPServer | null = null;

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // A stop does not wait for the sender's idle pooled connection to go.
      closeTimeout: 50,
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address.toLowerCase())) {
          const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(err);
        }
        callback();
      },
      onData(stream, session, callback) {
        const held = gate;
        if (held) holding++;
        simpleParser(stream)
          .then(async (parsed) => {
            if (held) await held;
            const lines = parsed.headerLines;
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              parsed,
              header: (name) => {
                const line = lines.find((l) => l.key === name.toLowerCase())?.line;
                return line?.slice(line.indexOf(':') + 1).trim();
              },
            });
            callback();
          }, callback)
          .finally(() => {
            if (held) holding--;
          });
      },
    });
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = make();
      server.on('error', () => {});
      server.listen(port, '127.0.0.1', () => resolve());
      server.server.once('error', reject);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      if (!s) return resolve();
      s.close(() => resolve());
    });
  await start();
  onClose(async () => {
    open();
    await stop();
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get holding() {
      return holding;
    },
    hold() {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    release() {
      gate = null;
      open();
    },
    refuse: (address) => refused.add(address.toLowerCase()),
    stop,
    start,
  };
}
