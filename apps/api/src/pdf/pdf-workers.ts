import Piscina from 'piscina';

/*
 * PDFs are drawn in a worker thread (issue 27): laying out and subsetting the shop's Unicode fonts takes several
 * milliseconds of CPU a document, which on the main thread held every request behind it (PGlite answers on the
 * main thread too). One pool a process, with one thread: drawing is background work (the outbox's document jobs),
 * and the other core is the database's and the requests'. Its thread starts at the first document and ends after a
 * minute without one; an idle pool does not keep the process alive.
 */

let pool: Piscina | null = null;

/**
 * Node's flags for the thread: it loads TypeScript like the server does (decision 001), also under a test runner
 * (whose own flags, such as --expose-gc, a worker may not take).
 */
const workerExecArgv = ['--import', 'tsx'];

function workers(): Piscina {
  pool ??= new Piscina({
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    execArgv: workerExecArgv,
    // A thread's heap may otherwise grow lazily to the machine's default before it collects: the soak on
    // PostgreSQL saw the server's resident size climb 2.5 MB/s with a paid order every 0.1 s (issue 29's memory
    // bounds). A document needs a few MB beside the parsed fonts; past the limit the thread ends, the job fails and
    // the outbox retries it in a new thread.
    resourceLimits: { maxOldGenerationSizeMb: 96 },
  });
  return pool;
}

/**
 * A drawing function that runs in the pool: `file` is a module (`*.worker.ts`) whose default export takes `input`
 * (copied to the thread) and returns the PDF's bytes. A failure in the thread is the promise's rejection.
 */
export function pdfWorkerTask<Input>(file: URL): (input: Input) => Promise<Uint8Array> {
  return async (input) => {
    const bytes: unknown = await workers().run(input, { filename: file.href });
    if (!(bytes instanceof Uint8Array)) throw new Error(`${file.pathname} did not answer with a PDF`);
    return bytes;
  };
}

/** Ends the pool's thread (the server's shutdown; a later document starts a new pool). */
export async function closePdfWorkers(): Promise<void> {
  const ending = pool;
  pool = null;
  await ending?.destroy();
}
