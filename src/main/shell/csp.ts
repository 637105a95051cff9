/**
 * The Content-Security-Policy for every response of the app protocol and, as a second line,
 * for every response the session sees. It repeats the meta tag of src/renderer/index.html (a test
 * keeps them equal) and adds what only a header can carry or what the page never needs.
 */
export const META_POLICY_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
] as const;

export const CONTENT_SECURITY_POLICY = [...META_POLICY_DIRECTIVES, "frame-src 'none'"].join('; ');

type Headers = Record<string, string | string[]>;

/** The headers for onHeadersReceived: any CSP the response had is replaced by the app's. */
export function withSecurityHeaders(headers: Headers | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'content-security-policy' || lower === 'content-security-policy-report-only') continue;
    if (lower === 'x-content-type-options') continue;
    out[name] = Array.isArray(value) ? value : [value];
  }
  out['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  out['X-Content-Type-Options'] = ['nosniff'];
  return out;
}
