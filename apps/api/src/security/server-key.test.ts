import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveServerKey, secretHasher } from './server-key';

describe('server key', () => {
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });
  const dataDir = async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'bilum-key-'));
    folders.push(folder);
    return path.join(folder, 'data');
  };

  it('is generated once into the data folder, readable by its owner only, and read back at the next start', async () => {
    const dir = await dataDir();
    const first = await resolveServerKey({ secretKey: undefined, dataDir: dir });
    expect(first.length).toBe(32);
    expect((await stat(path.join(dir, 'server-key'))).mode & 0o077).toBe(0);
    expect(await resolveServerKey({ secretKey: undefined, dataDir: dir })).toEqual(first);
    expect((await readFile(path.join(dir, 'server-key'), 'utf8')).trim()).toBe(first.toString('base64url'));
  });

  it('two instances starting on one data folder at once agree on the key', async () => {
    const dir = await dataDir();
    const keys = await Promise.all(
      Array.from({ length: 5 }, () => resolveServerKey({ secretKey: undefined, dataDir: dir })),
    );
    for (const key of keys) expect(key).toEqual(keys[0]);
  });

  it('SECRET_KEY from the environment wins and writes nothing', async () => {
    const dir = await dataDir();
    const key = await resolveServerKey({ secretKey: 'x'.repeat(40), dataDir: dir });
    expect(key.toString()).toBe('x'.repeat(40));
    await expect(stat(dir)).rejects.toThrow();
  });

  it('hashes depend on the key and the purpose, and match only the same value', () => {
    const a = secretHasher(Buffer.from('a'.repeat(32)));
    const b = secretHasher(Buffer.from('b'.repeat(32)));
    const stored = a.hash('reset-code', '123456');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(a.matches('reset-code', '123456', stored)).toBe(true);
    expect(a.matches('reset-code', '123457', stored)).toBe(false);
    expect(a.matches('reset-link', '123456', stored)).toBe(false);
    expect(b.matches('reset-code', '123456', stored)).toBe(false);
    expect(a.matches('reset-code', '123456', 'not hex')).toBe(false);
    expect(a.derive('checkout', 'k')).not.toBe(b.derive('checkout', 'k'));
  });
});
