import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { type Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';

/**
 * The one backup file of both databases (decision 020): a gzip'd tar, `bilum-backup-<time>.tgz`, that holds
 * - `manifest.json` first: what the backup is (database kind, migrations, row counts) and the size and SHA-256 of
 *   every other part, so that a damaged file is refused before anything is restored;
 * - the database: `database.pglite.tar` (PGlite's `dumpDataDir()`, the data folder as a tar) or
 *   `database.pgdump` (`pg_dump --format=custom`);
 * - `server-key`, the key of the HMACs of secrets at rest, when the shop keeps it in `<DATA_DIR>/server-key`.
 * Any tar tool can list and unpack it (`tar -tzvf`).
 */

/** A failure of backup or restore that the command prints as it is: one line that says what to do. */
export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupError';
  }
}

export const partNames = ['database.pglite.tar', 'database.pgdump', 'server-key'] as const;
export type PartName = (typeof partNames)[number];

export const databaseKinds = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

/** The tables whose row counts the manifest records, and restore checks again. */
export const countedTables = ['orders', 'products', 'uploaded_images', 'users'] as const;

const manifestSchema = z.object({
  format: z.literal('bilum-backup'),
  formatVersion: z.number().int(),
  madeAt: z.string(),
  database: z.enum(databaseKinds),
  /** How the database was read: by the running shop, from a stopped shop's data folder, or by pg_dump. */
  takenBy: z.enum(['running-shop', 'data-folder', 'pg_dump']),
  migrations: z.object({
    count: z.number().int(),
    /** The journal's tag of the last applied migration, e.g. `0028_product_category_indexes`; null if unknown. */
    last: z.string().nullable(),
    /** Its timestamp as the database records it (`created_at`), to compare with any release's journal. */
    lastCreatedAt: z.number().nullable(),
  }),
  rows: z.record(z.string(), z.number().int()),
  /** `file`: `<DATA_DIR>/server-key` is in the backup; `SECRET_KEY`: the environment holds it, not the backup. */
  serverKey: z.enum(['file', 'SECRET_KEY', 'none']),
  parts: z.array(
    z.object({
      name: z.enum(partNames),
      bytes: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** The format this release writes and reads. A newer format is refused with a message, never half-read. */
export const formatVersion = 1;
const manifestMaxBytes = 1_000_000;
/**
 * Large chunks: the running shop writes the archive on the event loop that also serves its shoppers, and with
 * zlib's 16 kB default each chunk waits for a turn of the loop behind their queries (a 40 MB database took 30 s
 * under a checkout load instead of one).
 */
const chunkSize = 1 << 20;

export type ArchivePart =
  | { name: PartName; bytes: number; sha256: string; buffer: Buffer }
  | { name: PartName; bytes: number; sha256: string; file: string };

export function partFromBuffer(name: PartName, buffer: Buffer): ArchivePart {
  return { name, bytes: buffer.length, sha256: createHash('sha256').update(buffer).digest('hex'), buffer };
}

export async function partFromFile(name: PartName, file: string): Promise<ArchivePart> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: chunkSize }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { name, bytes, sha256: hash.digest('hex'), file };
}

/** `bilum-backup-2025-03-01T020000Z.tgz`: sorts by time, and has no character a file system refuses. */
export function backupFileName(madeAt: Date): string {
  return `bilum-backup-${madeAt
    .toISOString()
    .replace(/:/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tgz`;
}

/** Writes the archive (manifest first, then the parts in order) to `output`, gzip'd. */
export async function writeArchive(
  output: Writable,
  manifest: Omit<BackupManifest, 'parts' | 'format' | 'formatVersion'>,
  parts: ArchivePart[],
): Promise<void> {
  const full: BackupManifest = {
    format: 'bilum-backup',
    formatVersion,
    ...manifest,
    parts: parts.map(({ name, bytes, sha256 }) => ({ name, bytes, sha256 })),
  };
  const mtime = new Date(manifest.madeAt);
  const pack = tar.pack();
  const add = (name: string, size: number, fill: (entry: Writable) => Promise<void>) =>
    new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size, mode: 0o600, mtime }, (error) => (error ? reject(error) : resolve()));
      fill(entry as unknown as Writable).catch(reject);
    });
  const fill = async () => {
    const manifestBytes = Buffer.from(`${JSON.stringify(full, null, 2)}\n`);
    await add('manifest.json', manifestBytes.length, async (entry) => void entry.end(manifestBytes));
    for (const part of parts) {
      await add(part.name, part.bytes, async (entry) => {
        if ('buffer' in part) entry.end(part.buffer);
        else await pipeline(createReadStream(part.file, { highWaterMark: chunkSize }), entry);
      });
    }
    pack.finalize();
  };
  // Whichever fails first ends both: a full disk stops the packing, a part that cannot be read stops the file.
  await Promise.all([
    pipeline(pack as unknown as Readable, createGzip({ chunkSize }), output),
    fill().catch((error: unknown) => pack.destroy(error as Error)),
  ]);
}

/** Writes the archive to `file` (mode 0600: it holds every customer's data and the server key). */
export async function writeArchiveFile(
  file: string,
  manifest: Parameters<typeof writeArchive>[1],
  parts: ArchivePart[],
): Promise<void> {
  await writeArchive(createWriteStream(file, { mode: 0o600, flags: 'wx' }), manifest, parts);
}

function damaged(file: string, reason: string): BackupError {
  return new BackupError(`${file} is not a readable Bilum backup (${reason}).`);
}

function parseManifest(file: string, bytes: Buffer): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw damaged(file, 'its manifest.json is not JSON');
  }
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > formatVersion) {
    throw new BackupError(
      `${file} was written by a newer release of the shop (backup format ${version}; this release reads format ${formatVersion}): restore it with that release.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw damaged(file, 'its manifest.json is not one this release knows');
  const manifest = parsed.data;
  const listed = new Set(manifest.parts.map((part) => part.name));
  const databasePart = manifest.database === 'pglite' ? 'database.pglite.tar' : 'database.pgdump';
  if (!listed.has(databasePart) || (manifest.serverKey === 'file') !== listed.has('server-key')) {
    throw damaged(file, 'its manifest does not list the parts a backup of its kind has');
  }
  return manifest;
}

async function readToBuffer(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads the archive in `file` and checks it: the manifest first, then every part's size and SHA-256. With `into`,
 * the parts are written there (`<into>/<part name>`); without it they are only checked. `onlyManifest` stops after
 * the manifest. Throws a BackupError that names the damage: nothing may be restored from a file that fails here.
 */
export async function readArchive(
  file: string,
  options: { into?: string; onlyManifest?: boolean } = {},
): Promise<BackupManifest> {
  const extract = tar.extract();
  const source = createReadStream(file, { highWaterMark: chunkSize });
  const reading = pipeline(source, createGunzip({ chunkSize }), extract as unknown as Writable).catch(
    (error: unknown) => {
      if (options.onlyManifest && (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
      throw error;
    },
  );
  reading.catch(() => undefined);
  let manifest: BackupManifest | undefined;
  const seen = new Map<string, { bytes: number; sha256: string }>();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== 'manifest.json' || entry.header.type !== 'file')
          throw damaged(file, 'it does not start with manifest.json');
        const bytes = await readToBuffer(entry as AsyncIterable<Buffer>, manifestMaxBytes);
        if (!bytes) throw damaged(file, 'its manifest.json is too large');
        manifest = parseManifest(file, bytes);
        if (options.onlyManifest) break;
        continue;
      }
      const expected = manifest.parts.find((part) => part.name === name);
      if (!expected || seen.has(name) || entry.header.type !== 'file') {
        throw damaged(file, `it holds ${JSON.stringify(name)}, which its manifest does not list`);
      }
      const hash = createHash('sha256');
      let bytes = 0;
      const sink = options.into ? createWriteStream(path.join(options.into, expected.name), { mode: 0o600 }) : null;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        hash.update(chunk);
        bytes += chunk.length;
        if (sink && !sink.write(chunk)) await once(sink, 'drain');
      }
      if (sink) await finished(sink.end());
      seen.set(name, { bytes, sha256: hash.digest('hex') });
    }
    if (options.onlyManifest) {
      source.destroy();
    } else {
      await reading;
    }
  } catch (error) {
    source.destroy();
    if (error instanceof BackupError) throw error;
    throw damaged(file, `it could not be unpacked: ${(error as Error).message}`);
  }
  if (!manifest) throw damaged(file, 'it is empty');
  if (options.onlyManifest) return manifest;
  for (const part of manifest.parts) {
    const found = seen.get(part.name);
    if (!found) throw damaged(file, `its part ${part.name} is missing`);
    if (found.bytes !== part.bytes || found.sha256 !== part.sha256) {
      throw new BackupError(
        `${file} is damaged: its part ${part.name} does not match the checksum in its manifest (${found.bytes} bytes, sha256 ${found.sha256.slice(0, 12)}…; expected ${part.bytes} bytes, sha256 ${part.sha256.slice(0, 12)}…): use another copy of the backup.`,
      );
    }
  }
  return manifest;
}
