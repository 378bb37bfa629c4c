import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshPostgresDatabase {
  readonly connectionString: string;
  drop(): Promise<void>;
}

/** Creates `es_test_<random>` (or `name`) on the server of `serverUrl`; drop() removes it, connections and all. */
export async function createFreshPostgresDatabase(
  serverUrl: string,
  name = `es_test_${randomBytes(6).toString('hex')}`,
): Promise<FreshPostgresDatabase> {
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    connectionString: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'];
