import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import { silentLogger } from '../../src/ports/logger.js';
import { guardedLookup, isPrivateAddress } from '../../src/tasks/webhooks/address-guard.js';
import { createWebhookDelivery } from '../../src/tasks/webhooks/webhook-delivery.js';
import { checkWebhookUrl } from '../../src/tasks/webhooks/webhook-url.js';
import { createTestApp, post } from '../support/app.js';

/*
 * SSRF through task notifications: a postback_url or pingback_url must not reach loopback, private, link-local
 * (cloud metadata) or other internal addresses, at post time nor at delivery time (DNS may change in between).
 */
describe('webhook SSRF guard', () => {
  let server: Server;
  let port: number;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each([
    'http://127.0.0.1/hook',
    'http://127.1/hook',
    'http://localhost/hook',
    'http://10.1.2.3/hook',
    'http://172.16.0.1/hook',
    'http://192.168.1.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/hook',
    'http://[fe80::1]/hook',
    'http://[fd00::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://2130706433/hook',
    // Issue 20, item 17: IPv6 forms the hand-made list missed.
    'http://[::127.0.0.1]/hook',
    'http://[::ffff:0:7f00:1]/hook',
    'http://[2002:7f00:1::1]/hook',
    'http://[fec0::1]/hook',
    'http://[100::1]/hook',
    'http://[64:ff9b::7f00:1]/hook',
    'http://[2001::1]/hook',
    'http://255.255.255.255/hook',
  ])('refuses %s at post time, naming the field', async (url) => {
    await expect(checkWebhookUrl(url, 'postback_url', { allowPrivate: false })).rejects.toMatchObject({
      code: 'INVALID_FIELD',
      field: 'postback_url',
      // Issue 24, item 14: the refusal names its fix.
      message: expect.stringContaining('set WEBHOOK_ALLOW_PRIVATE=true on the service to allow private receivers'),
    });
  });

  it.each(['ftp://example.com/x', 'file:///etc/passwd', 'gopher://example.com', 'javascript:alert(1)', 'not a url', 'http://user:pw@example.com/'])(
    'refuses %s (only http and https, no credentials)',
    async (url) => {
      await expect(checkWebhookUrl(url, 'pingback_url', { allowPrivate: false })).rejects.toMatchObject({ field: 'pingback_url' });
    },
  );

  it('classifies addresses', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', 'fe80::1', '::ffff:10.0.0.1', '0.0.0.0']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['::127.0.0.1', '::ffff:0:7f00:1', '2002::1', 'fec0::1', '100::1', '2001:db8::1']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '2606:4700::1111', '77.88.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses at delivery time too: nothing reaches a private receiver', async () => {
    const deliver = createWebhookDelivery({ secret: 's', allowPrivate: false, logger: silentLogger });
    for (const url of [`http://127.0.0.1:${port}/hook`, `http://localhost:${port}/hook`]) {
      await expect(deliver('postback', url, '{}')).rejects.toThrow(/private address; set WEBHOOK_ALLOW_PRIVATE=true/);
    }
    expect(hits).toBe(0);
  });

  it('the socket lookup refuses a name that resolves to a private address (what is connected to is checked: DNS rebinding)', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup('localhost', {}, (e) => resolve(e)));
    expect(error?.code).toBe('EPRIVATEADDRESS');
    expect(error?.message).toContain('set WEBHOOK_ALLOW_PRIVATE=true');
  });

  it('task_post answers a private postback with a 40501 naming the field and WEBHOOK_ALLOW_PRIVATE (issue 24, item 14)', async () => {
    const client = await createTestPglite();
    const app = createTestApp({ taskClient: client }, { TASK_WORKERS: '0' });
    try {
      const answer = await post(app, '/v1/keywords/search_volume/task_post', [
        { keywords: ['пицца'], postback_url: 'http://127.0.0.1/hook' },
        { keywords: ['пицца'], pingback_url: 'http://169.254.169.254/latest/meta-data' },
      ]);
      for (const [task, field] of [[answer.json.tasks[0], 'postback_url'], [answer.json.tasks[1], 'pingback_url']]) {
        expect(task.status_code).toBe(40501);
        expect(task.status_message).toContain(`${field}: the host`);
        expect(task.status_message).toContain('WEBHOOK_ALLOW_PRIVATE=true');
      }
    } finally {
      await app.close();
      await client.close();
    }
  }, 60_000);

  it('with WEBHOOK_ALLOW_PRIVATE=true the same receiver is reached (what tests and private networks use)', async () => {
    const deliver = createWebhookDelivery({ secret: 's', allowPrivate: true, logger: silentLogger });
    await deliver('pingback', `http://127.0.0.1:${port}/hook`);
    expect(hits).toBe(1);
  });
});
