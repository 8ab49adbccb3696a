import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { truncate } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../db/client';
import { createBackup } from './backup.service';
import { restoreBackup } from './restore.service';

/**
 * Restore never overwrites a shop and never restores a damaged file; a stopped shop's folder is backed up from a
 * copy. A small PGlite folder stands in for a shop here (backup.test.ts runs the whole shop).
 */
let root: string;
let shopDir: string;
let backupFile: string;
const serverKey = `${randomBytes(32).toString('base64url')}\n`;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'bilum-restore-test-'));
  shopDir = path.join(root, 'shop');
  mkdirSync(path.join(shopDir, 'pglite'), { recursive: true });
  const client = await PGlite.create(path.join(shopDir, 'pglite'), { extensions: pgliteExtensions });
  await client.exec(`create table orders (id serial primary key, total integer not null);
    insert into orders (total) values (1500), (2750), (99000);`);
  await client.close();
  writeFileSync(path.join(shopDir, 'server-key'), serverKey, { mode: 0o600 });
  backupFile = (await createBackup({ dataDir: shopDir, databaseUrl: undefined, secretKey: undefined }, root)).file;
});

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const into = (folder: string) => ({ dataDir: path.join(root, folder), databaseUrl: undefined, secretKey: undefined });

async function entriesOf(file: string): Promise<{ name: string; data: Buffer }[]> {
  const extract = tar.extract();
  const unpacked = pipeline(createReadStream(file), createGunzip(), extract as unknown as Writable);
  const entries: { name: string; data: Buffer }[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  await unpacked;
  return entries;
}

async function pack(file: string, entries: { name: string; data: Buffer }[]) {
  const packed = tar.pack();
  for (const entry of entries) packed.entry({ name: entry.name }, entry.data);
  packed.finalize();
  await pipeline(packed as unknown as Readable, createGzip(), createWriteStream(file));
}

it('a stopped shop’s data folder is backed up and restored into an empty one, with its server key', async () => {
  const { manifest, report } = await restoreBackup(into('restored'), backupFile);
  expect(manifest).toMatchObject({
    database: 'pglite',
    takenBy: 'data-folder',
    serverKey: 'file',
    rows: { orders: 3 },
  });
  expect(report[0]).toContain('Restored the backup');
  expect(readFileSync(path.join(root, 'restored/server-key'), 'utf8')).toBe(serverKey);
  const client = await PGlite.create(path.join(root, 'restored/pglite'), { extensions: pgliteExtensions });
  expect((await client.query('select total from orders order by id')).rows).toEqual([
    { total: 1500 },
    { total: 2750 },
    { total: 99000 },
  ]);
  await client.close();
});

it('restore refuses a data folder that already holds a database, or another shop’s server key', async () => {
  await expect(restoreBackup(into('shop'), backupFile)).rejects.toThrow(
    `${path.join(shopDir, 'pglite')} is not empty: restore only goes into an empty data folder`,
  );
  const otherShop = into('other-shop');
  mkdirSync(otherShop.dataDir);
  writeFileSync(path.join(otherShop.dataDir, 'server-key'), 'another shop’s key\n');
  await expect(restoreBackup(otherShop, backupFile)).rejects.toThrow(
    `${path.join(otherShop.dataDir, 'server-key')} holds another server key than the backup's`,
  );
  expect(existsSync(path.join(otherShop.dataDir, 'pglite'))).toBe(false);
});

it('restore refuses a damaged backup before it writes anything', async () => {
  const entries = await entriesOf(backupFile);
  const database = entries.find((entry) => entry.name === 'database.pglite.tar')!;
  database.data[database.data.length >> 1]! ^= 0xff;
  const tampered = path.join(root, 'tampered.tgz');
  await pack(tampered, entries);
  await expect(restoreBackup(into('from-tampered'), tampered)).rejects.toThrow(
    `${tampered} is damaged: its part database.pglite.tar does not match the checksum in its manifest`,
  );
  expect(existsSync(path.join(root, 'from-tampered/pglite'))).toBe(false);

  const cut = path.join(root, 'cut.tgz');
  writeFileSync(cut, readFileSync(backupFile));
  await truncate(cut, 100_000);
  await expect(restoreBackup(into('from-cut'), cut)).rejects.toThrow(`${cut} is not a readable Bilum backup`);
  expect(existsSync(path.join(root, 'from-cut/pglite'))).toBe(false);
});

it.skipIf(!existsSync('/proc/self/fd'))(
  'backup refuses a data folder that a process has open when no running shop answers for it',
  async () => {
    const client = await PGlite.create(path.join(shopDir, 'pglite'), { extensions: pgliteExtensions });
    try {
      await expect(createBackup(into('shop'), path.join(root, 'busy'))).rejects.toThrow(
        `Process ${process.pid} has the shop's database ${path.join(shopDir, 'pglite')} open`,
      );
    } finally {
      await client.close();
    }
    // Nothing left behind: no partial file, no copy of the folder.
    expect(readdirSync(path.join(root, 'busy'))).toEqual([]);
  },
);

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
  const name = `bilum_restore_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const serverUrl = process.env.DATABASE_URL!;
  const url = () => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const onServer = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };

  beforeAll(async () => {
    await onServer(`create database ${name}`);
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    await client.query('create table orders (id serial primary key, total integer not null)');
    await client.end();
  });
  afterAll(() => onServer(`drop database if exists ${name} with (force)`));

  it('restore refuses a database that is not empty, and a backup of the other kind of database', async () => {
    const target = { dataDir: path.join(root, 'pg'), databaseUrl: url(), secretKey: undefined };
    const { file } = await createBackup(target, path.join(root, 'pg-backups'));
    await expect(restoreBackup(target, file)).rejects.toThrow(
      `The database ${name} is not empty (2 tables, sequences or schemas): restore only goes into an empty database`,
    );
    await expect(restoreBackup(target, backupFile)).rejects.toThrow(
      'is a backup of a shop on PGlite (a data folder), and this restore would go into PostgreSQL',
    );
  });
});
