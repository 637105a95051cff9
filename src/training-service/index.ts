// The training-mode e-invoice service: what the rest of the team codes against.
export {
  parseTrainingServiceConfig,
  trainingDefaults,
  type ConfigParse,
  type TrainingServiceConfig,
} from './config';
export { startTrainingService, type TrainingService, type TrainingServiceOptions } from './server';
export { buildPrintData, verificationCode, type PrintDataInput } from './print-data';
export {
  FAULT_KINDS,
  FAULT_PATHS,
  REQUEST_FAULT_KINDS,
  UPLOAD_FAULT_KINDS,
  type AnyFaultKind,
  type FaultKind,
  type UploadFaultKind,
} from './faults';
export { ADMIN_PREFIX } from './admin';
export { ISSUED_MESSAGE } from './issue';
export { STORE_FILE } from './store';
export { type DeviceKeyPair, DEFAULT_SEGMENT_SIZE } from './config';
// The standard API (profile §4) is served under this prefix of the same server
// (`TrainingService.standardUrl`); its contract is src/provider/standard-profile.ts.
export { STANDARD_PATH_PREFIX } from '../provider/standard-profile';
