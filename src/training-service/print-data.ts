// The proof's content and its verification code live in the provider contract: the till builds
// the same content itself for a sale resolved after a timeout (src/main/printing/built-proof.ts).
export { buildPrintData, type PrintDataInput } from '../provider/proof-content';
export { verificationCode } from '../provider/qr-verification-code';
