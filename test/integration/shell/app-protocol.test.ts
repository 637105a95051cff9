import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from '../../../src/main/shell/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../../src/main/shell/csp';
import { makeTempDir } from '../../support/temp-dir';

describe('the app:// protocol', () => {
  const temp = makeTempDir('app-protocol');
  const root = join(temp.dir, 'renderer');
  let serve: (request: Request) => Promise<Response>;

  beforeAll(() => {
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(temp.dir, 'secret.key'), 'outside the renderer');
    serve = createAppProtocolHandler(root);
  });
  afterAll(() => temp.remove());

  it('serves index.html for / and files by path, each with the CSP and nosniff', async () => {
    for (const url of ['app://till/', 'app://till/index.html']) {
      const response = await serve(new Request(url));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toContain('<div id="root">');
    }
    const script = await serve(new Request('app://till/assets/index-abc.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
  });

  it('serves nothing outside the renderer folder, whatever the path says', async () => {
    for (const url of [
      'app://till/../secret.key',
      'app://till/%2e%2e/secret.key',
      'app://till/..%2fsecret.key',
      'app://till/..%5csecret.key',
      'app://till/assets/..%2f..%2fsecret.key',
    ]) {
      const response = await serve(new Request(url));
      expect(response.status, url).not.toBe(200);
      expect(await response.text(), url).not.toContain('outside the renderer');
    }
  });

  it('answers 404 for a missing file or another host, 405 for writes', async () => {
    expect((await serve(new Request('app://till/nope.js'))).status).toBe(404);
    expect((await serve(new Request('app://other/index.html'))).status).toBe(404);
    expect((await serve(new Request('app://till/index.html', { method: 'POST', body: 'x' }))).status).toBe(
      405,
    );
    expect((await serve(new Request('app://till/%E0%A4%A'))).status).toBe(400);
  });
});
