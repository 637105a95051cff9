import type { Logger } from '../core/logger';

/** What the invoice client knows about one answer of the provider's POS API. */
export interface ServiceExchange {
  operation: string;
  /** HTTP status, or null when no answer came (timeout, connection refused). */
  httpStatus: number | null;
  /** The parsed response body, if any; only the fields below are logged. */
  body?: unknown;
  durationMs?: number;
  /** Why there was no answer. */
  failure?: string;
}

/**
 * The fields of a service response that go into the log: HTTP status, `StatusCode`,
 * `ResultMessage` and the identifiers needed to trace a sale. Never the request (it carries the
 * apiKey header and the Signature) and never PrintDataString (the whole proof).
 */
export function serviceResponseFields(exchange: ServiceExchange): Record<string, unknown> {
  const body =
    exchange.body !== null && typeof exchange.body === 'object'
      ? (exchange.body as Record<string, unknown>)
      : {};
  const pick = (key: string) =>
    typeof body[key] === 'string' || typeof body[key] === 'number' ? body[key] : undefined;
  const fields: Record<string, unknown> = {
    operation: exchange.operation,
    httpStatus: exchange.httpStatus,
    StatusCode: pick('StatusCode') ?? null,
    ResultMessage: pick('ResultMessage') ?? null,
  };
  for (const key of ['BillingNo', 'InvoiceNumber', 'InvoiceDateTime'] as const) {
    const value = pick(key);
    if (value !== undefined) fields[key] = value;
  }
  if (exchange.durationMs !== undefined) fields.durationMs = exchange.durationMs;
  if (exchange.failure !== undefined) fields.failure = exchange.failure;
  return fields;
}

/** Logs one service answer: info on success (StatusCode 1), warn on anything else. */
export function logServiceResponse(logger: Pick<Logger, 'info' | 'warn'>, exchange: ServiceExchange): void {
  const fields = serviceResponseFields(exchange);
  const ok = exchange.httpStatus === 200 && Number(fields.StatusCode) === 1;
  (ok ? logger.info : logger.warn)(`service ${exchange.operation}`, fields);
}
