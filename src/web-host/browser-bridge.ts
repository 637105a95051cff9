/*
 * The web host's stand-in for the preload bridge: defines the same `window.till` object over
 * HTTP (calls) and Server-Sent Events (pushes). Served as a classic script before the renderer's
 * module, transpiled from this file by the host at start-up. Self-contained: no imports.
 */
(() => {
  const TOKEN_KEY = 'till.web-token';
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    // Keep the token out of the address bar, history and screenshots.
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
  }
  const token = sessionStorage.getItem(TOKEN_KEY) ?? '';

  type Listener = (payload: unknown) => void;
  const listeners = new Map<string, Set<Listener>>();
  let source: EventSource | null = null;

  function ensureEventSource(): void {
    if (source) return;
    source = new EventSource(`/__till/events?token=${encodeURIComponent(token)}`);
    source.onmessage = (message) => {
      const { event, payload } = JSON.parse(message.data) as { event: string; payload: unknown };
      listeners.get(event)?.forEach((listener) => listener(payload));
    };
  }

  const bridge = {
    async call(method: string, input: unknown) {
      try {
        const response = await fetch(`/__till/call/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(input ?? {}),
        });
        return await response.json();
      } catch {
        return {
          ok: false,
          error: {
            code: 'host-unreachable',
            message: { zh: '無法連線到收銀主程式', en: 'The till core cannot be reached' },
          },
        };
      }
    },
    on(event: string, listener: Listener) {
      ensureEventSource();
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
  };
  Object.defineProperty(window, 'till', {
    value: Object.freeze(bridge),
    writable: false,
    configurable: false,
  });
})();
