import { useEffect, useRef } from 'react';

/**
 * One scanner, many screens: the screen in front registers what a scan means there (the sell
 * screen adds a product, the checkout screen takes a carrier). The newest registration wins and
 * the previous one returns when it unmounts.
 */
type ScanHandler = (code: string) => void;
const handlers: ScanHandler[] = [];

export function routeScan(code: string): boolean {
  const handler = handlers[handlers.length - 1];
  if (!handler) return false;
  handler(code);
  return true;
}

export function useScanTarget(handler: ScanHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const registered: ScanHandler = (code) => latest.current(code);
    handlers.push(registered);
    return () => {
      const index = handlers.lastIndexOf(registered);
      if (index >= 0) handlers.splice(index, 1);
    };
  }, []);
}
