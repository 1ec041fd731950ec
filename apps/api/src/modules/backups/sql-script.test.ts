import { describe, expect, it } from 'vitest';
import { sqlStatements } from './sql-script';

describe('sqlStatements (psql-style split of a pg_dump script)', () => {
  it('ends a statement only at a semicolon outside quotes, dollar quotes and comments', () => {
    const script = [
      '--',
      '-- PostgreSQL database dump',
      '--',
      '',
      '\\restrict AbC123',
      '',
      "SET client_encoding = 'UTF8';",
      `INSERT INTO "public"."users" VALUES ('O''Brien; DROP TABLE users; -- x', E'a\\'; b', "x;y");`,
      'CREATE FUNCTION "public"."f"() RETURNS int LANGUAGE sql AS $fn$ SELECT 1; $fn$;',
      'COMMENT ON TABLE "t" IS $$ a; b $$; /* c; /* nested; */ d; */ SELECT 2;',
      "INSERT INTO t VALUES ('line one;\n-- Name: x; Type: TABLE\nline three');",
      '\\unrestrict AbC123',
      '',
    ].join('\n');
    expect([...sqlStatements(script)]).toEqual([
      "SET client_encoding = 'UTF8';",
      `INSERT INTO "public"."users" VALUES ('O''Brien; DROP TABLE users; -- x', E'a\\'; b', "x;y");`,
      'CREATE FUNCTION "public"."f"() RETURNS int LANGUAGE sql AS $fn$ SELECT 1; $fn$;',
      'COMMENT ON TABLE "t" IS $$ a; b $$;',
      '/* c; /* nested; */ d; */ SELECT 2;',
      "INSERT INTO t VALUES ('line one;\n-- Name: x; Type: TABLE\nline three');",
    ]);
  });

  it('does not take a dollar inside an identifier or a parameter for a dollar quote', () => {
    expect([...sqlStatements('SELECT a$b, $1 FROM t; SELECT 2;')]).toEqual([
      'SELECT a$b, $1 FROM t;',
      'SELECT 2;',
    ]);
  });
});
