import { describe, expect, it } from 'vitest';
import {
  CA_CERT_MAX,
  headOfficeUrlProblem,
  isPemCertificates,
  SettingsPatch,
} from '../../../src/shared/ipc/contract/settings';

/** The head-office settings' own checks (issue 17): the address without a password, the CA's shape. */
describe('head-office settings', () => {
  it('takes a postgres address without a password, or nothing', () => {
    expect(headOfficeUrlProblem('')).toBeNull();
    expect(headOfficeUrlProblem('postgres://till_t01@hq.example.com:5432/headoffice')).toBeNull();
    expect(headOfficeUrlProblem('postgresql://till@10.0.0.5/hq')).toBeNull();
  });

  it('refuses a password, parameters, another scheme or a missing part, in both languages', () => {
    expect(headOfficeUrlProblem('postgres://till:secret@hq.example.com/hq')?.en).toContain('no password');
    expect(headOfficeUrlProblem('postgres://till:secret@hq.example.com/hq')?.zh).toContain('不可含密碼');
    expect(headOfficeUrlProblem('postgres://till@hq/hq?sslmode=disable')?.en).toContain('no parameters');
    expect(headOfficeUrlProblem('https://till@hq/hq')?.en).toContain('postgres://');
    expect(headOfficeUrlProblem('postgres://hq.example.com/hq')?.en).toContain('user name');
    expect(headOfficeUrlProblem('postgres://till@hq.example.com/')?.en).toContain('database');
    expect(headOfficeUrlProblem('not a url')?.en).toContain('expected');
    const patch = SettingsPatch.safeParse({ headOfficeUrl: 'postgres://till:secret@hq/hq' });
    expect(patch.success).toBe(false);
    expect(JSON.stringify(patch.error?.issues)).not.toContain('secret@');
  });

  const pem = (body: string) => `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`;

  it('takes PEM certificates (a chain too, CRLF too) and nothing else', () => {
    expect(isPemCertificates(pem('MIIBszCCAVmgAwIBAgIUQ0=='))).toBe(true);
    expect(isPemCertificates(pem('AAAA') + '\n' + pem('BBBB'))).toBe(true);
    expect(isPemCertificates(pem('AAAA').replace(/\n/g, '\r\n'))).toBe(true);
    expect(isPemCertificates('')).toBe(false);
    expect(isPemCertificates(pem(''))).toBe(false);
    expect(isPemCertificates(pem('not base64!'))).toBe(false);
    expect(isPemCertificates(pem('AAAA').replace('CERTIFICATE', 'PRIVATE KEY'))).toBe(false);
    expect(isPemCertificates(`${pem('AAAA')}trailing`)).toBe(false);
    expect(isPemCertificates(pem('AAAA').slice(0, -27))).toBe(false);
    // Size: a chain just within the limit passes, one more certificate does not.
    const one = pem('A'.repeat(64));
    const within = one.repeat(Math.floor(CA_CERT_MAX / one.length));
    expect(isPemCertificates(within)).toBe(true);
    expect(isPemCertificates(within + one)).toBe(false);
    expect(SettingsPatch.safeParse({ headOfficeCaCert: '' }).success).toBe(true);
  });
});
