import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { TEST_ENV } from '@tests/setup/test-app';
import { loadConfig, type ConfigInput } from '../env';
import type { AppDeps } from '../ports';
import { clientNetwork, ipv6Network, isLoopbackClient } from './client-ip';
import type { AppEnv } from './hono-env';

function ask(env: ConfigInput, headers: Record<string, string>, remoteAddress?: string) {
  const config = loadConfig({ ...TEST_ENV, ...env });
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', { config } as AppDeps);
      await next();
    })
    .get('/', (c) => c.json({ ip: clientNetwork(c), loopback: isLoopbackClient(c) }));
  const socketEnv = remoteAddress ? { incoming: { socket: { remoteAddress, localPort: 8787 } } } : undefined;
  return Promise.resolve(app.request('/', { headers }, socketEnv)).then((r) => r.json() as Promise<{ ip: string; loopback: boolean }>);
}

const spoofed = { 'cf-connecting-ip': '127.0.0.1', 'x-client-ip': '127.0.0.1', 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' };

describe('clientNetwork', () => {
  it('is the socket address on Node, whatever the client claims', async () => {
    expect(await ask({}, spoofed, '203.0.113.9')).toEqual({ ip: '203.0.113.9', loopback: false });
    expect(await ask({}, {}, '::ffff:198.51.100.4')).toEqual({ ip: '198.51.100.4', loopback: false });
    expect(await ask({}, {}, '::ffff:127.0.0.1')).toEqual({ ip: '127.0.0.1', loopback: true });
    expect(await ask({}, {}, '::1')).toEqual({ ip: '::1', loopback: true });
  });

  it('trusts only the header TRUST_PROXY names; x-forwarded-for by its right-most hop', async () => {
    expect((await ask({ TRUST_PROXY: 'x-forwarded-for' }, { 'x-forwarded-for': '127.0.0.1, 198.51.100.7 ' }, '10.0.0.2')).ip).toBe(
      '198.51.100.7',
    );
    expect((await ask({ TRUST_PROXY: 'x-real-ip' }, { 'x-real-ip': '198.51.100.8', 'cf-connecting-ip': '1.1.1.1' }, '10.0.0.2')).ip).toBe(
      '198.51.100.8',
    );
    // A proxy in front does not make its visitors local: the forwarded client decides.
    expect(await ask({ TRUST_PROXY: 'x-forwarded-for' }, { 'x-forwarded-for': '198.51.100.7' }, '127.0.0.1')).toEqual({
      ip: '198.51.100.7',
      loopback: false,
    });
  });

  it('on Workers (no socket; the entry sets TRUST_PROXY=cf-connecting-ip) is the address Cloudflare set', async () => {
    expect((await ask({ TRUST_PROXY: 'cf-connecting-ip' }, { 'cf-connecting-ip': '198.51.100.9', 'x-client-ip': '1.2.3.4' })).ip).toBe(
      '198.51.100.9',
    );
    expect((await ask({}, spoofed)).ip).toBe('unknown');
  });
});

describe('IPv6 clients are their /64', () => {
  it('one subscriber rotating through its /64 is one client; the next /64 is another', async () => {
    const a = await ask({}, {}, '2001:db8:85a3:8d3:1319:8a2e:370:7348');
    const b = await ask({}, {}, '2001:DB8:85A3:8D3::1');
    const c = await ask({ TRUST_PROXY: 'cf-connecting-ip' }, { 'cf-connecting-ip': '2001:db8:85a3:08d3:ffff:ffff:ffff:fffe' });
    expect(a.ip).toBe('2001:db8:85a3:8d3::/64');
    expect(b.ip).toBe(a.ip);
    expect(c.ip).toBe(a.ip);
    expect((await ask({}, {}, '2001:db8:85a3:8d4::1')).ip).toBe('2001:db8:85a3:8d4::/64');
  });

  it('expands every spelling and keeps loopback and IPv4 as they are', () => {
    expect(ipv6Network('::')).toBe('0:0:0:0::/64');
    expect(ipv6Network('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(ipv6Network('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipv6Network('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(ipv6Network('1:2:3:4:5:6:192.0.2.33')).toBe('1:2:3:4::/64');
    for (const bad of ['1::2::3', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7::8', 'g::1', '12345::1', 'unknown']) {
      expect(ipv6Network(bad), bad).toBeUndefined();
    }
  });

  it('keeps the loopback answer on the full address', async () => {
    expect(await ask({}, {}, '::1')).toEqual({ ip: '::1', loopback: true });
    expect((await ask({}, {}, '203.0.113.9')).ip).toBe('203.0.113.9');
  });
});
