import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, isStrongSecret, parseConfig } from './config';

/** What a generated secret looks like (`openssl rand -hex 32`). */
const STRONG_SECRET = '3f9c1e7a5b2d48c6a0e1f7b39d5c2a8e4b6f0d1c7a3e9b5f2d8c4a6e0b1f7d3c';

/** The least a production start needs. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: STRONG_SECRET,
  PUBLIC_URL: 'https://exhale.example',
  SELLER_GSTIN: '29ABCDE1234F1Z5',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_key',
  RAZORPAY_KEY_SECRET: 'razorpay-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'razorpay-webhook-secret',
  MESSAGING_INBOUND_SECRET: 'a4c8e1f09b7d3562c0e8a1f4b9d7c3e5',
  WEB_PUSH_SUBJECT: 'mailto:operator@exhale.example',
};

function problemsOf(env: Record<string, string>): string {
  try {
    parseConfig(env);
    return '';
  } catch (e) {
    return (e as ConfigError).problems.join('\n');
  }
}

describe('configuration', () => {
  it('accepts the documented .env.example as it is', () => {
    const example = parseEnv(
      readFileSync(path.join(import.meta.dirname, '../../../.env.example'), 'utf8'),
    );
    const config = parseConfig(example);
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('documents every variable it reads in .env.example', () => {
    const example = parseEnv(
      readFileSync(path.join(import.meta.dirname, '../../../.env.example'), 'utf8'),
    );
    const schemaKeys = Object.keys(configSchema.shape);
    expect(schemaKeys.filter((key) => !(key in example))).toEqual([]);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      parseConfig({
        PORT: 'eighty',
        DATABASE_URL: 'not a url',
        NODE_ENV: 'production',
        PAYMENT_PROVIDER: 'razorpay',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL']) expect(problems).toContain(name);
  });

  it('requires secrets for production and for live payments', () => {
    let error: unknown;
    try {
      parseConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'razorpay' });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'JWT_SECRET',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'MESSAGING_INBOUND_SECRET',
    ]) {
      expect(problems).toContain(name);
    }
  });

  it('prints a GSTIN on invoices: required in production, matching the seller state', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseConfig(env);
        return '';
      } catch (e) {
        return (e as ConfigError).problems.join('\n');
      }
    };
    expect(problems({ NODE_ENV: 'production', JWT_SECRET: STRONG_SECRET })).toContain(
      'SELLER_GSTIN',
    );
    expect(problems({ SELLER_GSTIN: '27AAPFU0939F1ZV' })).toContain('SELLER_STATE_CODE');
    expect(problems({ SELLER_GSTIN: 'not-a-gstin' })).toContain('SELLER_GSTIN');
    const ok = parseConfig({ SELLER_GSTIN: '27aapfu0939f1zv', SELLER_STATE_CODE: '27' });
    expect(ok.SELLER_GSTIN).toBe('27AAPFU0939F1ZV');
    expect(ok.INVOICE_SAC).toBe('999293');
  });
});

describe('backups', () => {
  it('backs up at 02:30 IST keeping 14 files by default; a bad schedule stops the start', () => {
    const config = parseConfig({});
    expect(config.BACKUP_CRON).toBe('30 2 * * *');
    expect(config.BACKUP_KEEP).toBe(14);
    expect(parseConfig({ BACKUP_CRON: 'off', BACKUP_KEEP: '3' })).toMatchObject({
      BACKUP_CRON: 'off',
      BACKUP_KEEP: 3,
    });
    expect(() => parseConfig({ BACKUP_CRON: '30 25 * * *' })).toThrow(/BACKUP_CRON/);
    expect(() => parseConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });
});

describe('demo seed default', () => {
  it('seeds demo accounts locally but never by default in production', () => {
    expect(parseConfig({}).SEED_DEMO).toBe(true);
    const production = parseConfig(PRODUCTION);
    expect(production.SEED_DEMO).toBe(false);
    expect(parseConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});

describe('production hardening', () => {
  it('starts with the documented minimum', () => {
    expect(problemsOf(PRODUCTION)).toBe('');
  });

  it.each([
    ['one repeated character', 'x'.repeat(40)],
    ['a short word repeated', 'secret'.repeat(8)],
    ['two characters alternating', 'ab'.repeat(20)],
    ['too few different characters', 'aabbccddeeffgghhii'.repeat(2)],
  ])('refuses a JWT_SECRET that is %s', (_label, secret) => {
    expect(problemsOf({ ...PRODUCTION, JWT_SECRET: secret })).toMatch(
      /^JWT_SECRET: too predictable/m,
    );
  });

  it('accepts generated secrets (hex and base64) and leaves development alone', () => {
    expect(isStrongSecret(STRONG_SECRET)).toBe(true);
    expect(isStrongSecret('q3ZKv0Yf9m+1uQb8Xw2sLr7Tn4Hc6Jp5Ea0Gd3Vy/Ao=')).toBe(true);
    expect(problemsOf({ JWT_SECRET: 'x'.repeat(40) })).toBe('');
  });

  it('refuses to start production without a Web Push subject, and a subject that is no mailto: or https:', () => {
    const { WEB_PUSH_SUBJECT: _omitted, ...withoutSubject } = PRODUCTION;
    expect(problemsOf(withoutSubject)).toMatch(
      /^WEB_PUSH_SUBJECT: required in production: mailto:/m,
    );
    expect(problemsOf({ ...PRODUCTION, WEB_PUSH_SUBJECT: 'http://exhale.example' })).toMatch(
      /^WEB_PUSH_SUBJECT: must be a mailto: or https: URL/m,
    );
    expect(problemsOf({ ...PRODUCTION, WEB_PUSH_SUBJECT: 'operator@exhale.example' })).toMatch(
      /^WEB_PUSH_SUBJECT/m,
    );
    expect(
      parseConfig({ ...PRODUCTION, WEB_PUSH_SUBJECT: 'https://exhale.example' }).WEB_PUSH_SUBJECT,
    ).toBe('https://exhale.example');
    // Outside production the key pair and the subject may all be left unset.
    expect(problemsOf({})).toBe('');
  });

  it('takes the VAPID key pair whole or not at all', () => {
    expect(problemsOf({ WEB_PUSH_PUBLIC_KEY: 'BPublicKey' })).toMatch(
      /^WEB_PUSH_PRIVATE_KEY: set both/m,
    );
    expect(problemsOf({ WEB_PUSH_PRIVATE_KEY: 'private' })).toMatch(
      /^WEB_PUSH_PUBLIC_KEY: set both/m,
    );
  });

  it('refuses to start production without an explicit PAYMENT_PROVIDER', () => {
    const { PAYMENT_PROVIDER: _omitted, ...withoutProvider } = PRODUCTION;
    expect(problemsOf(withoutProvider)).toMatch(/^PAYMENT_PROVIDER: required in production/m);
    expect(problemsOf({ ...withoutProvider, PAYMENT_PROVIDER: '' })).toMatch(/^PAYMENT_PROVIDER/m);
    expect(parseConfig({ ...withoutProvider, PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER).toBe(
      'sandbox',
    );
    // Outside production the sandbox stays the default.
    expect(parseConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('reads the database timeouts, 5 s and 2 s by default, the lock one no longer', () => {
    const defaults = parseConfig({});
    expect(defaults.DATABASE_STATEMENT_TIMEOUT_MS).toBe(5_000);
    expect(defaults.DATABASE_LOCK_TIMEOUT_MS).toBe(2_000);
    const set = parseConfig({
      DATABASE_STATEMENT_TIMEOUT_MS: '8000',
      DATABASE_LOCK_TIMEOUT_MS: '1000',
    });
    expect([set.DATABASE_STATEMENT_TIMEOUT_MS, set.DATABASE_LOCK_TIMEOUT_MS]).toEqual([8000, 1000]);
    expect(
      problemsOf({ DATABASE_STATEMENT_TIMEOUT_MS: '1000', DATABASE_LOCK_TIMEOUT_MS: '3000' }),
    ).toContain('DATABASE_LOCK_TIMEOUT_MS');
    expect(problemsOf({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toContain(
      'DATABASE_STATEMENT_TIMEOUT_MS',
    );
  });

  it('takes a METRICS_TOKEN of 16 characters or more', () => {
    expect(parseConfig({ METRICS_TOKEN: 'scrape-token-0123456789' }).METRICS_TOKEN).toBe(
      'scrape-token-0123456789',
    );
    expect(parseConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toContain('METRICS_TOKEN');
  });
});

describe('real messaging channels', () => {
  const META = {
    WHATSAPP_PROVIDER: 'meta',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_ACCESS_TOKEN: 'EAAG-permanent-system-user-token',
    WHATSAPP_APP_SECRET: 'meta-app-secret',
    WHATSAPP_VERIFY_TOKEN: 'exhale-verify-word',
  };
  const MSG91 = {
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: 'msg91-auth-key',
    MSG91_WEBHOOK_TOKEN: 'a-long-report-token-123',
    MSG91_TEMPLATE_OTP: '65f1c0d2e4b0a1b2c3d4e5f6',
  };

  it('takes Meta with its four settings, Graph v21.0 by default', () => {
    const config = parseConfig(META);
    expect(config.WHATSAPP_GRAPH_URL).toBe('https://graph.facebook.com/v21.0');
    for (const key of Object.keys(META).filter((k) => k !== 'WHATSAPP_PROVIDER')) {
      expect(problemsOf({ ...META, [key]: '' })).toContain(
        `${key}: required when WHATSAPP_PROVIDER=meta`,
      );
    }
    expect(problemsOf({ ...META, WHATSAPP_PHONE_NUMBER_ID: '+91 98765 43210' })).toContain(
      'WHATSAPP_PHONE_NUMBER_ID',
    );
  });

  it('takes MSG91 with its key, report token and OTP template; other kinds are optional', () => {
    const config = parseConfig(MSG91);
    expect(config.MSG91_API_URL).toBe('https://control.msg91.com');
    expect(config.MSG91_TEMPLATE_PROGRAMME).toBeUndefined();
    for (const key of ['MSG91_AUTH_KEY', 'MSG91_WEBHOOK_TOKEN', 'MSG91_TEMPLATE_OTP']) {
      expect(problemsOf({ ...MSG91, [key]: '' })).toContain(
        `${key}: required when SMS_PROVIDER=msg91`,
      );
    }
    expect(problemsOf({ ...MSG91, MSG91_WEBHOOK_TOKEN: 'short' })).toContain('MSG91_WEBHOOK_TOKEN');
  });

  it('leaves the local outbox as the default for both', () => {
    const config = parseConfig({});
    expect(config.SMS_PROVIDER).toBe('outbox');
    expect(config.WHATSAPP_PROVIDER).toBe('outbox');
  });
});
