import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, parseConfig } from './config';

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
    expect(problems({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toContain(
      'SELLER_GSTIN',
    );
    expect(problems({ SELLER_GSTIN: '27AAPFU0939F1ZV' })).toContain('SELLER_STATE_CODE');
    expect(problems({ SELLER_GSTIN: 'not-a-gstin' })).toContain('SELLER_GSTIN');
    const ok = parseConfig({ SELLER_GSTIN: '27aapfu0939f1zv', SELLER_STATE_CODE: '27' });
    expect(ok.SELLER_GSTIN).toBe('27AAPFU0939F1ZV');
    expect(ok.INVOICE_SAC).toBe('999293');
  });
});

describe('demo seed default', () => {
  it('seeds demo accounts locally but never by default in production', () => {
    expect(parseConfig({}).SEED_DEMO).toBe(true);
    const production = parseConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://exhale.example',
      SELLER_GSTIN: '29ABCDE1234F1Z5',
    });
    expect(production.SEED_DEMO).toBe(false);
    expect(parseConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});
