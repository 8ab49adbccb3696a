import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePicture, type PictureServer, startPictureServer } from '../test/picture-server';
import { classifyAddress, fetchOutbound, type OutboundFetchOptions } from './outbound-fetch';

const MAX = 5 * 1024 * 1024;
let server: PictureServer;
let picture: Buffer;
beforeAll(async () => {
  picture = await makePicture(40, 30);
  server = await startPictureServer({ '/picture.png': picture }, MAX);
});
afterAll(() => server.close());

const options = (extra: Partial<OutboundFetchOptions> = {}): OutboundFetchOptions => ({
  allowLoopback: false,
  maxBytes: MAX,
  timeoutMs: 5000,
  maxRedirects: 3,
  accept: 'image/*',
  ...extra,
});
const onLoopback = (extra: Partial<OutboundFetchOptions> = {}) => options({ allowLoopback: true, ...extra });

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { reason: string; message: string };
  }
  throw new Error('the fetch was not refused');
}

describe('classifyAddress (the SSRF guard’s address check)', () => {
  it.each(['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1'])(
    'calls %s loopback',
    (address) => {
      expect(classifyAddress(address)).toBe('loopback');
    },
  );

  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.2.10',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:0.0.0.0',
    '::ffff:192.168.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:a00:1::',
    '2001:db8::1',
    '2001:0:4136:e378::1',
    'not-an-address',
  ])('refuses %s (private, link-local, unique-local, multicast, reserved or hiding one)', (address) => {
    expect(classifyAddress(address)).toBe('refused');
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'lets the public address %s through',
    (address) => {
      expect(classifyAddress(address)).toBe('public');
    },
  );
});

describe('fetchOutbound', () => {
  it('fetches a picture from a loopback server only when the test setting allows it', async () => {
    const fetched = await fetchOutbound(`${server.origin}/picture.png`, onLoopback());
    expect(fetched.bytes.equals(picture)).toBe(true);

    const refused = await failure(fetchOutbound(`https://127.0.0.1:${server.port}/picture.png`, options()));
    expect(refused.reason).toBe('address');
    // Plain http is refused before anything else when the setting is off.
    expect((await failure(fetchOutbound(`${server.origin}/picture.png`, options()))).reason).toBe('scheme');
  });

  it('refuses a host name when any of its addresses is private, and plain http to a public one', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    expect((await failure(fetchOutbound('https://pictures.example/a.png', options({ resolve })))).reason).toBe(
      'address',
    );
    const publicOnly = async () => [{ address: '93.184.216.34', family: 4 }];
    expect(
      (await failure(fetchOutbound('http://pictures.example/a.png', onLoopback({ resolve: publicOnly })))).reason,
    ).toBe('scheme');
    expect((await failure(fetchOutbound('ftp://pictures.example/a.png', onLoopback()))).reason).toBe('scheme');
    expect((await failure(fetchOutbound('https://user:pw@pictures.example/a.png', onLoopback()))).reason).toBe(
      'credentials',
    );
  });

  it('connects to the address it checked, never to a second DNS answer', async () => {
    let lookups = 0;
    // "pictures.invalid" exists in no DNS: the fetch can only work if the socket uses the checked address.
    const resolve = async () => {
      lookups += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const fetched = await fetchOutbound(`http://pictures.invalid:${server.port}/picture.png`, onLoopback({ resolve }));
    expect(fetched.bytes.equals(picture)).toBe(true);
    expect(lookups).toBe(1);
  });

  it('follows at most 3 redirects and checks every one of them again', async () => {
    expect((await fetchOutbound(`${server.origin}/redirect/2`, onLoopback())).bytes.equals(picture)).toBe(true);
    expect((await failure(fetchOutbound(`${server.origin}/redirect/3`, onLoopback()))).reason).toBe('redirects');
    // A redirect to the cloud metadata address is refused even though loopback is allowed for the test.
    const toMetadata = await failure(fetchOutbound(`${server.origin}/to-metadata`, onLoopback()));
    expect(toMetadata.reason).toBe('address');
    expect((await failure(fetchOutbound(`${server.origin}/to-file`, onLoopback()))).reason).toBe('scheme');
  });

  it('cuts off a body over the limit, with or without Content-Length', async () => {
    for (const path of ['/huge-streamed.png', '/huge-declared.png']) {
      expect((await failure(fetchOutbound(`${server.origin}${path}`, onLoopback()))).reason).toBe('too-large');
    }
  });

  it('gives up on a server that does not answer in time, and on an error status', async () => {
    const started = Date.now();
    const slow = await failure(fetchOutbound(`${server.origin}/slow.png`, onLoopback({ timeoutMs: 300 })));
    expect(slow.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
    const missing = await failure(fetchOutbound(`${server.origin}/missing.png`, onLoopback()));
    expect(missing).toMatchObject({ reason: 'status', message: 'the server answered 404' });
  });
});
