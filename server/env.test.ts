import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('applies the defaults of DESIGN §3', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 5000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      RATE_LIMITS: 'on',
      SEED_DEMO: '0',
      FEED_CACHE_MS: 5000,
    });
    expect(env.ADMIN_USERNAMES).toEqual([]);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('takes FEED_CACHE_MS from 0 (off) to 60000, and refuses others', () => {
    expect(parseEnv({ FEED_CACHE_MS: '0' }).FEED_CACHE_MS).toBe(0);
    expect(() => parseEnv({ FEED_CACHE_MS: '-1' })).toThrowError(/FEED_CACHE_MS/);
    expect(() => parseEnv({ FEED_CACHE_MS: 'soon' })).toThrowError(/FEED_CACHE_MS/);
  });

  it('takes ANALYTICS_FLUSH_MS from 0 (each view at once) to 60000, 1000 by default, and refuses others', () => {
    expect(parseEnv({}).ANALYTICS_FLUSH_MS).toBe(1000);
    expect(parseEnv({ ANALYTICS_FLUSH_MS: '0' }).ANALYTICS_FLUSH_MS).toBe(0);
    expect(parseEnv({ ANALYTICS_FLUSH_MS: '60000' }).ANALYTICS_FLUSH_MS).toBe(60_000);
    for (const bad of ['-1', '60001', '1.5', 'soon'])
      expect(() => parseEnv({ ANALYTICS_FLUSH_MS: bad })).toThrowError(/ANALYTICS_FLUSH_MS/);
  });

  it('reads YOUTUBE_API_KEY (unset by default) and YOUTUBE_API_BASE (Google by default, http(s) only)', () => {
    expect(parseEnv({}).YOUTUBE_API_KEY).toBeUndefined();
    expect(parseEnv({}).YOUTUBE_API_BASE).toBe('https://www.googleapis.com');
    expect(parseEnv({ YOUTUBE_API_KEY: 'k', YOUTUBE_API_BASE: 'http://127.0.0.1:9000' })).toMatchObject({
      YOUTUBE_API_KEY: 'k',
      YOUTUBE_API_BASE: 'http://127.0.0.1:9000',
    });
    expect(() => parseEnv({ YOUTUBE_API_BASE: 'ftp://x' })).toThrowError(/YOUTUBE_API_BASE/);
  });

  it('takes DB_POOL_SIZE from 1 to 500, 20 by default', () => {
    expect(parseEnv({}).DB_POOL_SIZE).toBe(20);
    expect(parseEnv({ DB_POOL_SIZE: '8' }).DB_POOL_SIZE).toBe(8);
    expect(() => parseEnv({ DB_POOL_SIZE: '0' })).toThrowError(/DB_POOL_SIZE/);
    expect(() => parseEnv({ DB_POOL_SIZE: 'many' })).toThrowError(/DB_POOL_SIZE/);
  });

  it('takes DB_CONNECT_TIMEOUT_MS from 100 ms to 10 minutes, 10 s by default', () => {
    expect(parseEnv({}).DB_CONNECT_TIMEOUT_MS).toBe(10_000);
    expect(parseEnv({ DB_CONNECT_TIMEOUT_MS: '2500' }).DB_CONNECT_TIMEOUT_MS).toBe(2500);
    expect(() => parseEnv({ DB_CONNECT_TIMEOUT_MS: '0' })).toThrowError(/DB_CONNECT_TIMEOUT_MS/);
    expect(() => parseEnv({ DB_CONNECT_TIMEOUT_MS: 'soon' })).toThrowError(/DB_CONNECT_TIMEOUT_MS/);
  });

  it('splits and lower-cases ADMIN_USERNAMES', () => {
    expect(parseEnv({ ADMIN_USERNAMES: ' Admin, ops ,,' }).ADMIN_USERNAMES).toEqual(['admin', 'ops']);
  });

  it('reads TRUST_PROXY: nobody by default, true, a hop count, or addresses/CIDRs; refuses others', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'everyone' })).toThrowError(/TRUST_PROXY: .*everyone/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrowError(/TRUST_PROXY/);
  });

  it('takes DATABASE_READ_URL (a postgres:// replica) only beside DATABASE_URL', () => {
    const secret = 'x'.repeat(32);
    const both = { DATABASE_URL: 'postgres://db/app', SESSION_SECRET: secret };
    expect(parseEnv(both).DATABASE_READ_URL).toBeUndefined();
    expect(parseEnv({ ...both, DATABASE_READ_URL: 'postgres://replica/app' }).DATABASE_READ_URL).toBe(
      'postgres://replica/app',
    );
    expect(() => parseEnv({ ...both, DATABASE_READ_URL: 'mysql://replica/app' })).toThrowError(
      /DATABASE_READ_URL: must start with postgres:\/\//,
    );
    expect(() => parseEnv({ DATABASE_READ_URL: 'postgres://replica/app' })).toThrowError(
      /DATABASE_READ_URL: needs DATABASE_URL: it names a read replica of that database/,
    );
  });

  it('refuses DATABASE_URL without SESSION_SECRET (every instance must sign alike), listed with the rest', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://db/app' })).toThrowError(
      /SESSION_SECRET: must be set when DATABASE_URL is set, and the same on every instance/,
    );
    expect(() => parseEnv({ DATABASE_URL: 'postgres://db/app', PORT: 'abc' })).toThrowError(
      /PORT: .*\n.*SESSION_SECRET/s,
    );
    const secret = 's'.repeat(32);
    expect(parseEnv({ DATABASE_URL: 'postgres://db/app', SESSION_SECRET: secret }).SESSION_SECRET).toBe(
      secret,
    );
    // The embedded database keeps the secret generated into DATA_DIR.
    expect(parseEnv({}).SESSION_SECRET).toBeUndefined();
  });

  it('reads SMTP_URL (smtp:// or smtps://, unset by default) with MAIL_FROM and PUBLIC_URL, which it requires', () => {
    const none = parseEnv({});
    expect([none.SMTP_URL, none.MAIL_FROM, none.PUBLIC_URL]).toEqual([undefined, undefined, undefined]);
    const mail = {
      SMTP_URL: 'smtps://user:pass@smtp.example.org:465',
      MAIL_FROM: '"Airsoft Community" <noreply@example.org>',
      PUBLIC_URL: 'https://airsoft.example.org/',
    };
    expect(parseEnv(mail)).toMatchObject({ ...mail, PUBLIC_URL: 'https://airsoft.example.org' });
    expect(parseEnv({ ...mail, MAIL_FROM: 'noreply@example.org' }).MAIL_FROM).toBe('noreply@example.org');
    expect(() => parseEnv({ ...mail, SMTP_URL: 'http://smtp.example.org' })).toThrowError(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ address/,
    );
    expect(() => parseEnv({ ...mail, MAIL_FROM: 'Airsoft Community' })).toThrowError(
      /MAIL_FROM: must be an email address/,
    );
    expect(() => parseEnv({ ...mail, PUBLIC_URL: 'airsoft.example.org' })).toThrowError(
      /PUBLIC_URL: must be an http\(s\) address/,
    );
    // Both missing are listed together, each saying why.
    expect(() => parseEnv({ SMTP_URL: mail.SMTP_URL })).toThrowError(
      /MAIL_FROM: must be set when SMTP_URL is set: the sender of every mail.*\n.*PUBLIC_URL: must be set when SMTP_URL is set: mails link to the site/s,
    );
    // Without SMTP_URL they are not needed (PUBLIC_URL alone is taken as it is).
    expect(parseEnv({ PUBLIC_URL: 'http://localhost:5000' }).PUBLIC_URL).toBe('http://localhost:5000');
  });

  it('reads WEB_CONCURRENCY: unset (one per core), or a whole number from 1', () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ WEB_CONCURRENCY: '2' }).WEB_CONCURRENCY).toBe(2);
    expect(() => parseEnv({ WEB_CONCURRENCY: '0' })).toThrowError(/WEB_CONCURRENCY/);
    expect(() => parseEnv({ WEB_CONCURRENCY: 'many' })).toThrowError(/WEB_CONCURRENCY/);
  });

  it('stops with one readable list of every bad value', () => {
    expect(() =>
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', RATE_LIMITS: 'maybe', SESSION_SECRET: 'short' }),
    ).toThrowError(
      /Invalid environment:\n {2}- PORT: .*\n {2}- DATABASE_URL: must start with postgres:\/\/.*\n.*SESSION_SECRET.*\n.*RATE_LIMITS/s,
    );
  });
});
