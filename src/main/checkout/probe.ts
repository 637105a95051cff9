import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/**
 * The one probe of the e-invoice service (the checkout's status bar at start, invoice mode's way
 * back online through this room's door). Whether the service answers at all: one GET of its address, read as "answered" on any
 * HTTP answer (a 404 too). Nothing is signed or sent that could issue an invoice, so the probe may
 * run as often as offline mode needs; a connection refused, a DNS failure or no answer within
 * `timeoutMs` is "not yet".
 */
export function serviceAnswers(serviceUrl: string, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(serviceUrl);
    } catch {
      resolve(false);
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      resolve(false);
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });
}
